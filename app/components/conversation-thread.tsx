import { Fragment } from "react";
import { useT } from "~/lib/i18n";

/** Dates as the server wrote them for India (IST). */
type When = { iso: string; text: string };

/** One message as a screen shows it: the loader has written its time and where its attachment opens. */
export interface ThreadMessage {
  id: number;
  author: "student" | "staff";
  authorName: string;
  body: string;
  when: When;
  /** Unread by the other side until now (the reader's new ones are marked read by this very reading). */
  unread: boolean;
  attachment: { attachmentType: string; name: string; href: string } | null;
}

/** Web addresses in a message (http and https only); everything else stays text. */
const linkPattern = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/**
 * A message's text as text: React escapes every character (markup and script show as typed), and an
 * http(s) address becomes a link that opens apart and passes no referrer. Never HTML (decision 0037).
 */
export function MessageText({ text }: { text: string }) {
  const parts: (string | { href: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const index = match.index ?? 0;
    parts.push(text.slice(last, index), { href: match[0] });
    last = index + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <span className="message-text">
      {parts.map((part, i) =>
        typeof part === "string" ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.href}
          </a>
        ),
      )}
    </span>
  );
}

/**
 * A conversation, oldest first: each message with who wrote it and when, the reader's own on the
 * right. `reader` is the side looking at it (the student on the profile, staff on the record).
 */
export function ConversationThread({ messages, reader }: { messages: ThreadMessage[]; reader: "student" | "staff" }) {
  const { t } = useT();
  if (messages.length === 0) {
    return <p className="text-body-secondary">{t("No messages yet.")}</p>;
  }
  return (
    <ol className="list-unstyled conversation mb-3">
      {messages.map((m) => {
        const own = m.author === reader;
        return (
          <li
            key={m.id}
            className={`d-flex mb-2 ${own ? "justify-content-end" : "justify-content-start"}`}
            data-testid="conversation-message"
          >
            <div className={`rounded-3 p-2 ${own ? "bg-primary-subtle" : "bg-body-secondary"}`} style={{ maxWidth: "85%" }}>
              <div className="small">
                <span className="fw-semibold">{own && reader === "student" ? t("You") : m.authorName}</span>{" "}
                <time dateTime={m.when.iso} className="text-body-secondary">
                  {m.when.text}
                </time>
                {!own && m.unread && <span className="badge text-bg-warning ms-1">{t("New")}</span>}
              </div>
              <div style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                <MessageText text={m.body} />
              </div>
              {m.attachment && (
                <div className="small mt-1">
                  {t("Attached")}:{" "}
                  <a href={m.attachment.href} target="_blank" rel="noopener">
                    {t(m.attachment.attachmentType)}: {m.attachment.name}
                  </a>
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

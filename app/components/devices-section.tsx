import { useFetcher } from "react-router";
import { useT } from "~/lib/i18n";
import { useActionToast } from "~/lib/use-action-toast";
import { accountMessages } from "../../vocabulary/accounts.ts";

export interface DeviceRow {
  id: number;
  device: string;
  current: boolean;
  /** Dates as the server wrote them for India (IST), so the page reads the same wherever it renders. */
  signedIn: { iso: string; text: string };
  lastSeen: { iso: string; text: string };
}

/** The student's signed-in devices, and a way to sign out of all the others (a profile action). */
export function DevicesSection({ devices }: { devices: DeviceRow[] }) {
  const { t } = useT();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useActionToast(fetcher.state === "idle" ? fetcher.data : undefined);
  const others = devices.filter((d) => !d.current).length;
  return (
    <section aria-labelledby="devices-heading" className="mt-5">
      <h2 id="devices-heading" className="h4">
        {t(accountMessages.devicesHeading)}
      </h2>
      <p className="small text-body-secondary">{t(accountMessages.devicesHint)}</p>
      <ul className="list-group mb-3">
        {devices.map((d) => (
          <li key={d.id} className="list-group-item" data-testid="signed-in-device">
            <span className="fw-semibold">{d.device}</span>
            {d.current && <span className="badge text-bg-success ms-2">{t(accountMessages.thisDevice)}</span>}
            <div className="small text-body-secondary">
              {t("Signed in")} <time dateTime={d.signedIn.iso}>{d.signedIn.text}</time> · {t("last active")}{" "}
              <time dateTime={d.lastSeen.iso}>{d.lastSeen.text}</time>
            </div>
          </li>
        ))}
      </ul>
      {others > 0 && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <button type="submit" className="btn btn-outline-danger" disabled={fetcher.state !== "idle"}>
            {t(accountMessages.signOutOthers)}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}

import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { messagesFor } from "../lib/catalogues.server.ts";
import { TranslatorProvider } from "../lib/i18n.tsx";
import { ApplicationSummary } from "./application-summary.tsx";

const application = {
  status: "Submitted" as const,
  country: "Germany",
  course: "MSc Data Science",
  university: "TU Munich",
  intakeMonth: 9,
  intakeYear: 2027,
};

const rendered = (language: "en" | "hi") =>
  renderToString(
    <TranslatorProvider language={language} messages={messagesFor(language)}>
      <ApplicationSummary application={application} />
    </TranslatorProvider>,
  );

describe("an application's intake (decision 0035: month names in the page's language)", () => {
  it("names the month in English on an English page", () => {
    expect(rendered("en")).toContain("Intake: September 2027");
  });

  it("names the month in Hindi on a Hindi page, not the record's English", () => {
    const html = rendered("hi");
    expect(html).toContain("सितंबर 2027");
    expect(html).not.toContain("September");
  });
});

import { useT } from "~/lib/i18n";
import { type ApplicationStatus, applicationStatusTones } from "../../vocabulary/applications.ts";
import { intakeText } from "./course-card";

/**
 * The top of an application's card, the same for the student and for a parent's link: its stage, where,
 * which course at which university, and the intake.
 */
export function ApplicationSummary({
  application,
}: {
  application: {
    status: ApplicationStatus;
    country: string;
    course: string;
    university: string;
    intakeMonth: number | null;
    intakeYear: number | null;
  };
}) {
  const translator = useT();
  const { t } = translator;
  // The intake's month in the page's language ("सितंबर 2027"), not the record's English.
  const { intakeMonth: month, intakeYear: year } = application;
  const intake = month && year ? intakeText(translator, { month, year, deadline: null }) : null;
  return (
    <>
      <span className={`badge text-bg-${applicationStatusTones[application.status]} mb-2`}>{t(application.status)}</span>
      <p className="small text-body-secondary mb-1">{t("In {country}", { country: application.country })}</p>
      <h2 className="h6 mb-1">{application.course}</h2>
      <p className="mb-2">{application.university}</p>
      {intake && <p className="small mb-2">{t("Intake: {intake}", { intake })}</p>}
    </>
  );
}

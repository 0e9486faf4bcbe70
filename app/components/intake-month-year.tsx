import { monthNames } from "../../vocabulary/applications.ts";

/**
 * An intake's month and year as two selects, each in a column of the form's row: the course screen's
 * new intake and a student's new application share it.
 */
export function IntakeMonthYear(props: {
  idPrefix: string;
  monthName: string;
  yearName: string;
  years: readonly number[];
  defaultMonth?: string;
  defaultYear?: string;
  columnClass: string;
}) {
  const { idPrefix, monthName, yearName, years, columnClass } = props;
  return (
    <>
      <div className={columnClass}>
        <label htmlFor={`${idPrefix}-month`} className="form-label small">
          Intake month
        </label>
        <select
          id={`${idPrefix}-month`}
          name={monthName}
          defaultValue={props.defaultMonth ?? "9"}
          className="form-select form-select-sm"
        >
          {monthNames.map((month, i) => (
            <option key={month} value={i + 1}>
              {month}
            </option>
          ))}
        </select>
      </div>
      <div className={columnClass}>
        <label htmlFor={`${idPrefix}-year`} className="form-label small">
          Intake year
        </label>
        <select
          id={`${idPrefix}-year`}
          name={yearName}
          defaultValue={props.defaultYear ?? String(years[1])}
          className="form-select form-select-sm"
        >
          {years.map((y) => (
            <option key={y}>{y}</option>
          ))}
        </select>
      </div>
    </>
  );
}

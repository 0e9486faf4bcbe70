import { Form, Link, redirect, useNavigation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { inIndianTime } from "~/lib/indian-time";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { csvColumnHints, csvColumnsOf } from "../../../modules/catalogue/csv-export.ts";
import { canManageCatalogue } from "../../../modules/policies.ts";
import {
  catalogueImportKindLabels,
  catalogueImportStatusLabels,
  IMPORT_REFRESH_SECONDS,
  type ImportRowAction,
  catalogueImportMessages as im,
  importRowActionLabels,
  importRowActions,
} from "../../../vocabulary/catalogue-import.ts";
import type { Route } from "./+types/catalogue-import-detail";

const running = (status: string) => status === "checking" || status === "applying";

/** While a step runs the page reloads itself (a meta refresh: it needs no script) to show the progress. */
export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data?.imported.fileName ?? "Import"} | Import | Ignite` },
  { name: "robots", content: "noindex" },
  ...(data && running(data.imported.status) ? [{ httpEquiv: "refresh", content: String(IMPORT_REFRESH_SECONDS) }] : []),
];

/** One import: its column mapping, the progress of its dry run or apply, the difference and the result. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const imported = await orRouteError(context.staff.catalogue.imports.get(member, params.importId));
  const query = new URL(request.url).searchParams;
  const summary = imported.summary;
  // Refused rows first when there are any: they are what stands between the admin and Apply.
  const shown =
    importRowActions.find((a) => a === query.get("show")) ??
    (summary ? (importRowActions.find((a) => a === "refused" && summary.refused > 0) ?? firstWithRows(summary)) : undefined);
  const page =
    summary && shown
      ? await context.staff.catalogue.imports.rows(member, params.importId, { action: shown, page: query.get("page") ?? "1" })
      : undefined;
  return {
    imported: {
      ...imported,
      createdAt: inIndianTime(imported.createdAt),
      appliedAt: imported.appliedAt ? inIndianTime(imported.appliedAt) : null,
    },
    columns: csvColumnsOf(imported.kind).map((name) => ({ name, hint: csvColumnHints[name] })),
    shown: shown ?? null,
    page: page ?? null,
  };
}

function firstWithRows(summary: Record<ImportRowAction, number>): ImportRowAction | undefined {
  return (["changed", "new", "retired"] as const).find((a) => summary[a] > 0);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const form = await request.formData();
  return refusalOr(async () => {
    await byIntent(
      form.get("intent"),
      {
        apply: () => context.staff.catalogue.imports.apply(member, params.importId, { rows: "all" }),
        "apply-passing": () => context.staff.catalogue.imports.apply(member, params.importId, { rows: "passing" }),
        check: () => {
          const mapping = Object.fromEntries(
            [...form.entries()].filter(([key]) => key.startsWith("map.")).map(([key, value]) => [key.slice(4), String(value)]),
          );
          return context.staff.catalogue.imports.check(member, params.importId, {
            mapping,
            retireMissing: form.get("retireMissing") ?? "",
          });
        },
      },
      { otherwise: "check" },
    );
    // Back to this page by GET: it shows the progress and refreshes until the step is done.
    return redirect(`/staff/catalogue/import/${params.importId}`);
  });
}

const number = (n: number) => n.toLocaleString("en-IN");

export default function CatalogueImportDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { imported, columns, shown, page } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && "ok" in actionData && !actionData.ok ? actionData : undefined;
  const summary = imported.summary;
  const mayMap = ["uploaded", "checked", "failed"].includes(imported.status);
  const toChange = summary ? summary.new + summary.changed + summary.retired : 0;
  const passed = summary ? summary.rows - summary.refused : 0;
  const refusedRowsLink = `/api/v1/staff/catalogue/imports/${imported.id}/refused-rows`;
  const kindLabel = catalogueImportKindLabels[imported.kind].toLowerCase();
  return (
    <>
      <nav aria-label="Breadcrumb" className="small mb-2">
        <Link to="/staff/catalogue">Catalogue</Link> › <Link to="/staff/catalogue/import">Import</Link>
      </nav>
      <h1 className="h3 mb-1">{imported.fileName}</h1>
      <p className="text-body-secondary mb-3">
        {catalogueImportKindLabels[imported.kind]} · uploaded by {imported.createdBy},{" "}
        <time dateTime={imported.createdAt.iso}>{imported.createdAt.text}</time> ·{" "}
        <span data-testid="import-status">{catalogueImportStatusLabels[imported.status]}</span>
      </p>

      {refusal && (
        <div className="alert alert-danger" role="alert">
          {refusal.message}
        </div>
      )}
      {imported.status === "failed" && imported.failure && (
        <div className="alert alert-danger" role="alert">
          {imported.failure}
        </div>
      )}
      {imported.status === "applied" && summary?.applied && (
        <div className="alert alert-success" role="status">
          {summary.passingOnly ? (
            <>
              {im.appliedPassing(summary.applied.rows, summary.leftOut ?? summary.refused)}{" "}
              <a href={refusedRowsLink} download>
                Download the refused rows as CSV
              </a>{" "}
              to fix them.
            </>
          ) : (
            im.applied
          )}{" "}
          {number(summary.applied.new)} new, {number(summary.applied.changed)} changed, {number(summary.applied.retired)} retired
          {imported.appliedAt && (
            <>
              {" "}
              (<time dateTime={imported.appliedAt.iso}>{imported.appliedAt.text}</time>)
            </>
          )}
          .
        </div>
      )}

      {running(imported.status) && (
        <section aria-labelledby="progress-heading" className="mb-4" style={{ maxWidth: "36rem" }}>
          <h2 id="progress-heading" className="h5">
            {imported.status === "checking" ? "Dry run in progress" : "Applying"}
          </h2>
          <label htmlFor="import-progress" className="form-label">
            {imported.status === "checking" ? "Checked" : "Done"} {number(imported.rowsDone)} of about{" "}
            {number(imported.rowsTotal ?? 0)} rows
          </label>
          <progress id="import-progress" className="w-100 d-block" max={imported.rowsTotal ?? 0} value={imported.rowsDone}>
            {number(imported.rowsDone)} rows
          </progress>
          <p className="small text-body-secondary mt-2">
            This page refreshes every {IMPORT_REFRESH_SECONDS} seconds. You may close it: the import keeps going, and its result
            waits here and in the list of recent imports.
          </p>
        </section>
      )}

      {summary && (
        <section aria-labelledby="diff-heading" className="mb-4">
          <h2 id="diff-heading" className="h5">
            {imported.status === "applied" ? "What the dry run found" : "Dry run"}
          </h2>
          <dl className="d-flex flex-wrap gap-4 mb-3" data-testid="import-summary">
            {(["new", "changed", "unchanged", "retired", "refused"] as const).map((key) => (
              <div key={key}>
                <dt className="small text-body-secondary fw-normal">
                  {key === "unchanged" ? "Unchanged" : importRowActionLabels[key]}
                </dt>
                <dd className="fs-4 mb-0">{number(summary[key])}</dd>
              </div>
            ))}
          </dl>
          {summary.refused > 0 && (
            <p>
              <a href={refusedRowsLink} download>
                Download the refused rows as CSV
              </a>{" "}
              (line, reason and the row's cells), fix them in your file and{" "}
              <Link to="/staff/catalogue/import">upload it again</Link>.
            </p>
          )}
          <nav aria-label="Rows of the dry run" className="mb-2">
            <ul className="list-unstyled d-flex flex-wrap gap-2">
              {importRowActions.map((action) => (
                <li key={action}>
                  <Link
                    className={`btn btn-sm ${shown === action ? "btn-primary" : "btn-outline-primary"}`}
                    // The filters swap colours at once: no fade through colours too faint to read.
                    style={{ transition: "none" }}
                    aria-current={shown === action ? "page" : undefined}
                    to={`?show=${action}`}
                  >
                    {importRowActionLabels[action]} ({number(summary[action])})
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {page && page.rows.length > 0 && (
            <div className="table-responsive">
              <table className="table table-sm align-top">
                <caption className="visually-hidden">{importRowActionLabels[page.action ?? "changed"]} rows</caption>
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Row</th>
                    <th scope="col">{page.action === "refused" ? "Why it is refused" : "What changes"}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.rows.map((row) => (
                    <tr key={`${row.line}-${row.recordId ?? ""}`} data-testid="import-row">
                      <td>{row.line || "—"}</td>
                      <td>
                        {row.label}
                        {row.recordId !== null && <span className="small text-body-secondary"> · id {row.recordId}</span>}
                      </td>
                      <td>
                        {row.reason ??
                          (row.changes ? (
                            <ul className="list-unstyled mb-0">
                              {Object.entries(row.changes).map(([field, [before, after]]) => (
                                <li key={field}>
                                  <span className="fw-semibold">{field}</span>: {before || "(blank)"} → {after || "(blank)"}
                                </li>
                              ))}
                            </ul>
                          ) : (
                            importRowActionLabels[row.action]
                          ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {page && page.total > page.pageSize && (
            <nav className="d-flex justify-content-between align-items-center" aria-label="Pages of rows">
              <div>
                {page.page > 1 && (
                  <Link className="btn btn-sm btn-outline-primary" to={`?show=${shown}&page=${page.page - 1}`} rel="prev">
                    Previous
                  </Link>
                )}
              </div>
              <span className="small text-body-secondary">
                Page {page.page} of {Math.ceil(page.total / page.pageSize)}
              </span>
              <div>
                {page.page * page.pageSize < page.total && (
                  <Link className="btn btn-sm btn-outline-primary" to={`?show=${shown}&page=${page.page + 1}`} rel="next">
                    Next
                  </Link>
                )}
              </div>
            </nav>
          )}
          {imported.status === "checked" &&
            (summary.refused > 0 ? (
              summary.new + summary.changed === 0 ? (
                <p className="text-danger">{im.refusedNonePassed}</p>
              ) : (
                <Form method="post" className="mt-3">
                  <p className="text-danger">{im.refusedFirst}</p>
                  <input type="hidden" name="intent" value="apply-passing" />
                  <button type="submit" className="btn btn-primary" disabled={busy}>
                    Apply the {number(passed)} {passed === 1 ? "row" : "rows"} that passed
                  </button>
                  <span className="small text-body-secondary d-block mt-1">
                    {number(summary.new)} new, {number(summary.changed)} changed; the {number(summary.refused)} refused{" "}
                    {summary.refused === 1 ? "row is" : "rows are"} left out and nothing is retired. In one go: if a row that
                    passed is refused by then, nothing is written.
                  </span>
                </Form>
              )
            ) : toChange === 0 ? (
              <p>Nothing to apply: every row matches the catalogue.</p>
            ) : (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="apply" />
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  Apply {number(toChange)} {toChange === 1 ? "change" : "changes"}
                </button>
                <span className="small text-body-secondary ms-2">All or nothing, in one go.</span>
              </Form>
            ))}
        </section>
      )}

      {mayMap && (
        <section aria-labelledby="mapping-heading" style={{ maxWidth: "52rem" }}>
          <h2 id="mapping-heading" className="h5">
            {imported.status === "uploaded" ? "Match the file's columns to ours" : "Columns"}
          </h2>
          <p className="small text-body-secondary">
            Each of our columns takes one of your file's columns, or none (a column left out keeps the catalogue's value for rows
            that update a record). Your choice is remembered for the next file with the same header.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="check" />
            {/* Column names such as application_fee_currency are long: on a phone the table scrolls in its own box. */}
            <div className="table-responsive">
              <table className="table table-sm align-middle">
                <thead>
                  <tr>
                    <th scope="col">Our column</th>
                    <th scope="col">Your file's column</th>
                    <th scope="col">What it holds</th>
                  </tr>
                </thead>
                <tbody>
                  {columns.map((column) => (
                    <tr key={column.name}>
                      <td>
                        <label htmlFor={`map-${column.name}`} className="mb-0 text-break">
                          {column.name}
                        </label>
                      </td>
                      <td>
                        <select
                          id={`map-${column.name}`}
                          name={`map.${column.name}`}
                          className="form-select form-select-sm"
                          defaultValue={imported.mapping[column.name] ?? ""}
                        >
                          <option value="">Not in the file</option>
                          {imported.columns
                            .filter((c) => c !== "")
                            .map((c) => (
                              <option key={c} value={c}>
                                {c}
                              </option>
                            ))}
                        </select>
                      </td>
                      <td className="small text-body-secondary">{column.hint}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="form-check mb-3">
              <input
                className="form-check-input"
                type="checkbox"
                id="retire-missing"
                name="retireMissing"
                defaultChecked={imported.retireMissing}
              />
              <label className="form-check-label" htmlFor="retire-missing">
                Retire what the file leaves out:{" "}
                {kindLabel === "universities" ? "universities of the countries" : "courses of the universities"} the file names
                that are not in it (shown in the dry run first)
              </label>
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {imported.status === "uploaded" ? "Run the dry run" : "Run the dry run again"}
            </button>
          </Form>
        </section>
      )}
    </>
  );
}

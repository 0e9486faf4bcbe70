import { Link, redirect } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { readImportForm } from "~/lib/import-upload.server";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffWith } from "~/lib/staff.server";
import { canManageCatalogue } from "../../../modules/policies.ts";
import {
  catalogueImportKindLabels,
  catalogueImportKinds,
  catalogueImportStatusLabels,
  MAX_IMPORT_BYTES,
} from "../../../vocabulary/catalogue-import.ts";
import type { Route } from "./+types/catalogue-import";

export const meta: Route.MetaFunction = () => [
  { title: "Import the catalogue | Ignite" },
  { name: "robots", content: "noindex" },
];

/** Admins: upload a CSV of universities or courses (decision 0020), and see the recent imports. */
export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const imports = await context.staff.catalogue.imports.recent(member);
  return {
    imports: imports.map((i) => ({
      id: i.id,
      kind: i.kind,
      fileName: i.fileName,
      status: i.status,
      createdBy: i.createdBy,
      at: inIndianTime(i.createdAt),
      summary: i.summary,
    })),
  };
}

/**
 * The upload: a plain multipart form post (no script needed). The server hands this action the body
 * unread, so the file streams to storage; the next step is the import's own page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  return refusalOr(async () => {
    const created = await context.staff.catalogue.imports.upload(member, await readImportForm(request));
    return redirect(`/staff/catalogue/import/${created.id}`);
  });
}

const megabytes = MAX_IMPORT_BYTES / (1024 * 1024);

export default function CatalogueImport({ loaderData, actionData }: Route.ComponentProps) {
  const { imports } = loaderData;
  const refusal = actionData && "ok" in actionData && !actionData.ok ? actionData : undefined;
  return (
    <>
      <nav aria-label="Breadcrumb" className="small mb-2">
        <Link to="/staff/catalogue">Catalogue</Link>
      </nav>
      <h1 className="h3 mb-3">Import the catalogue from CSV</h1>
      <section aria-labelledby="upload-heading" className="mb-5" style={{ maxWidth: "44rem" }}>
        <h2 id="upload-heading" className="h5">
          Upload a file
        </h2>
        <p className="small text-body-secondary">
          A CSV file (UTF-8, at most {megabytes} MB) with a header row. The export files are the shape to follow:{" "}
          <a href="/api/v1/staff/catalogue/export/universities" download>
            universities as CSV
          </a>
          ,{" "}
          <a href="/api/v1/staff/catalogue/export/courses" download>
            courses as CSV
          </a>
          . A row with an id updates that record; without one it is matched by name (a university by country and name, a course by
          university, name and level), else it is new. Nothing changes until you have read the dry run and chosen Apply.
        </p>
        {/* A refusal of the file is said once, at its field; the alert carries only what no field does. */}
        {refusal && !refusal.fields.file && (
          <div className="alert alert-danger" role="alert">
            {refusal.message}
          </div>
        )}
        <form method="post" encType="multipart/form-data" className="row g-3">
          <fieldset className="col-12">
            <legend className="form-label fs-6">The file holds</legend>
            {catalogueImportKinds.map((kind, index) => (
              <div className="form-check form-check-inline" key={kind}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="kind"
                  id={`kind-${kind}`}
                  value={kind}
                  defaultChecked={index === 0}
                  required
                />
                <label className="form-check-label" htmlFor={`kind-${kind}`}>
                  {catalogueImportKindLabels[kind]}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="col-12">
            <label htmlFor="import-file" className="form-label">
              CSV file
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
              className={`form-control${refusal?.fields.file ? " is-invalid" : ""}`}
              aria-describedby={refusal?.fields.file ? "import-file-error" : undefined}
            />
            {refusal?.fields.file && (
              <div id="import-file-error" className="invalid-feedback">
                {refusal.fields.file}
              </div>
            )}
          </div>
          <div className="col-12">
            <button type="submit" className="btn btn-primary">
              Upload
            </button>
          </div>
        </form>
      </section>

      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="h5">
          Recent imports
        </h2>
        {imports.length === 0 ? (
          <p>No imports yet.</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Holds</th>
                  <th scope="col">By</th>
                  <th scope="col">Uploaded</th>
                  <th scope="col">Status</th>
                  <th scope="col">Rows</th>
                </tr>
              </thead>
              <tbody>
                {imports.map((i) => (
                  <tr key={i.id}>
                    <td>
                      <Link to={`/staff/catalogue/import/${i.id}`}>{i.fileName}</Link>
                    </td>
                    <td>{catalogueImportKindLabels[i.kind]}</td>
                    <td>{i.createdBy}</td>
                    <td>
                      <time dateTime={i.at.iso}>{i.at.text}</time>
                    </td>
                    <td>{catalogueImportStatusLabels[i.status]}</td>
                    <td>
                      {i.summary ? `${i.summary.new} new, ${i.summary.changed} changed, ${i.summary.refused} refused` : "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

import { Form, Link, redirect, useNavigation } from "react-router";
import { CourseFields } from "~/components/course-fields";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { pictureOf } from "~/lib/picture-form.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { universityInput } from "../../../modules/catalogue/editing.ts";
import { parseId } from "../../../modules/ids.ts";
import { canManageCatalogue } from "../../../modules/policies.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { catalogueAdminMessages, FEATURED_PLACES, featuredPlaceLabel, universityTypes } from "../../../vocabulary/catalogue.ts";
import { photoAccept } from "../../../vocabulary/documents.ts";
import type { Route } from "./+types/catalogue-university";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data?.university.name ?? "University"} | Catalogue | Ignite` },
  { name: "robots", content: "noindex" },
];

/** Admins: one university's facts, picture, place on the home page, retirement and courses (decisions 0017, 0019). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const found = await context.staff.catalogue.university(member, parseId(params.universityId, "University"));
  return { ...found, added: new URL(request.url).searchParams.has("added"), rules: fieldRules(universityInput) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const id = parseId(params.universityId, "University");
  const formData = await request.formData();
  const form = Object.fromEntries([...formData].filter(([, v]) => typeof v === "string").map(([k, v]) => [k, String(v)]));
  const catalogue = context.staff.catalogue;
  return refusalOr(
    async () =>
      byIntent(form.intent, {
        retire: async () => ({ ok: true as const, message: await catalogue.retireUniversity(member, id, true) }),
        restore: async () => ({ ok: true as const, message: await catalogue.retireUniversity(member, id, false) }),
        picture: async () => ({
          ok: true as const,
          message: (await catalogue.setUniversityPicture(member, id, await pictureOf(formData))).message,
        }),
        "drawn-picture": async () => ({
          ok: true as const,
          message: (await catalogue.setUniversityPicture(member, id, null)).message,
        }),
        featured: async () => ({ ok: true as const, message: await catalogue.setFeatured(member, id, form) }),
        course: async (): Promise<never> => {
          const course = await catalogue.createCourse(member, id, form);
          throw redirect(`/staff/catalogue/courses/${course.id}?added`);
        },
        edit: async () => {
          const saved = await catalogue.editUniversity(member, id, form);
          return { ok: true as const, message: catalogueAdminMessages.universitySaved(saved.name) };
        },
      }),
    form,
  );
}

const courseDefaults: Record<string, string> = { durationMonths: "12", mediumOfInstruction: "English" };

export default function CatalogueUniversity({ loaderData, actionData }: Route.ComponentProps) {
  const { university, courses, added, rules } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const refusedFor = (intent: string) => (refusal?.values.intent === intent ? refusal : undefined);
  useActionToast(actionData);
  const editRefusal = refusedFor("edit");
  const courseRefusal = refusedFor("course");
  const pictureRefusal = refusedFor("picture");
  const invalid = (field: string) => (editRefusal?.fields[field] ? " is-invalid" : "");
  return (
    <>
      <p className="small">
        <Link to="/staff/catalogue">Catalogue</Link>
      </p>
      <h1 className="h3 mb-3">
        {university.name}
        {university.retired && <span className="badge text-bg-secondary ms-2">Retired</span>}
      </h1>
      {added && (
        <p className="alert alert-success py-2" role="status">
          {catalogueAdminMessages.universityCreated(university.name)} Add its courses below.
        </p>
      )}
      <p>
        {university.city}, {university.country}
        {!university.countryVisible && " (the country is hidden from the site)"}
      </p>
      <Form method="post" className="row g-2 align-items-end mb-3" style={{ maxWidth: "48rem" }}>
        <input type="hidden" name="intent" value="edit" />
        <div className="col-sm-5">
          <label htmlFor="u-name" className="form-label small">
            Name
          </label>
          <input
            id="u-name"
            name="name"
            required={rules.name?.required}
            maxLength={rules.name?.maxLength}
            defaultValue={editRefusal?.values.name ?? university.name}
            className={`form-control form-control-sm${invalid("name")}`}
          />
        </div>
        <div className="col-sm-3">
          <label htmlFor="u-city" className="form-label small">
            City
          </label>
          <input
            id="u-city"
            name="city"
            autoComplete="off"
            required={rules.city?.required}
            maxLength={rules.city?.maxLength}
            defaultValue={editRefusal?.values.city ?? university.city}
            className={`form-control form-control-sm${invalid("city")}`}
          />
        </div>
        <div className="col-sm-2">
          <label htmlFor="u-type" className="form-label small">
            Type
          </label>
          <select id="u-type" name="type" defaultValue={university.type} className="form-select form-select-sm">
            {universityTypes.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className="col-sm-2">
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            Save
          </button>
        </div>
        {editRefusal && <p className="text-danger small">{editRefusal.message}</p>}
      </Form>

      <div className="row g-4 mb-4" style={{ maxWidth: "60rem" }}>
        <section aria-labelledby="picture-heading" className="col-md-7">
          <h2 id="picture-heading" className="h5">
            Picture
          </h2>
          <img
            src={university.image}
            alt={university.hasPicture ? `${university.name}'s picture` : "The drawn picture shown until one is uploaded"}
            width={400}
            height={240}
            className="img-fluid rounded border mb-2"
          />
          <Form method="post" encType="multipart/form-data" className="d-flex flex-wrap align-items-end gap-2">
            <input type="hidden" name="intent" value="picture" />
            <div className="flex-grow-1">
              <label htmlFor="u-picture" className="form-label small">
                New picture ({catalogueAdminMessages.pictureHint})
              </label>
              <input
                id="u-picture"
                name="file"
                type="file"
                accept={photoAccept}
                required
                aria-invalid={pictureRefusal ? true : undefined}
                className={`form-control form-control-sm${pictureRefusal ? " is-invalid" : ""}`}
              />
            </div>
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
              Upload the picture
            </button>
          </Form>
          {pictureRefusal && (
            <p className="text-danger small mb-0" role="alert">
              {pictureRefusal.message}
            </p>
          )}
          {university.hasPicture && (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="drawn-picture" />
              <button type="submit" className="btn btn-sm btn-outline-secondary" disabled={busy}>
                Use the drawn picture instead
              </button>
            </Form>
          )}
        </section>
        <section aria-labelledby="home-heading" className="col-md-5">
          <h2 id="home-heading" className="h5">
            Home page
          </h2>
          <p className="small text-body-secondary">
            The home page's strips show the featured universities in place of their static cards.
          </p>
          <Form method="post" className="d-flex flex-wrap align-items-end gap-2">
            <input type="hidden" name="intent" value="featured" />
            <div>
              <label htmlFor="u-place" className="form-label small">
                Place on the home page
              </label>
              <select
                id="u-place"
                name="place"
                defaultValue={String(university.featuredPlace ?? "")}
                className="form-select form-select-sm"
              >
                <option value="">Not on the home page</option>
                {Array.from({ length: FEATURED_PLACES }, (_, i) => i + 1).map((place) => (
                  <option key={place} value={place}>
                    {featuredPlaceLabel(place)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
              Save the place
            </button>
          </Form>
        </section>
      </div>

      <Form method="post" className="mb-4">
        <input type="hidden" name="intent" value={university.retired ? "restore" : "retire"} />
        <button
          type="submit"
          className={`btn btn-sm ${university.retired ? "btn-outline-primary" : "btn-outline-danger"}`}
          disabled={busy}
        >
          {university.retired ? "Restore to the site" : "Retire (hide from the site, keep applications)"}
        </button>
      </Form>

      <h2 className="h5">Courses</h2>
      {courses.length === 0 ? (
        <p>No courses.</p>
      ) : (
        <ul className="list-unstyled">
          {courses.map((c) => (
            <li key={c.id}>
              <Link to={`/staff/catalogue/courses/${c.id}`}>{c.name}</Link> · {c.level}
              {c.retired && <span className="badge text-bg-secondary ms-2">Retired</span>}
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="add-course-heading" className="card card-body mt-3" style={{ maxWidth: "48rem" }}>
        <h3 id="add-course-heading" className="h6">
          Add a course
        </h3>
        <Form method="post" className="row g-2">
          <input type="hidden" name="intent" value="course" />
          <CourseFields
            idPrefix="new-course"
            shown={(name) => courseRefusal?.values[name] ?? courseDefaults[name] ?? ""}
            waiver={courseRefusal?.values.englishExamWaiver === "on"}
            errors={courseRefusal?.fields}
          />
          <div className="col-12">
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
              Add the course
            </button>
          </div>
          {courseRefusal && (
            <p className="text-danger small mb-0" role="alert">
              {courseRefusal.message}
            </p>
          )}
        </Form>
      </section>
    </>
  );
}

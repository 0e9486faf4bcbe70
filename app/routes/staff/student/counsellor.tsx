import { useSectionForm } from "~/lib/section-form";

/** An admin chooses the counsellor who looks after the student (intent `counsellor`). */
export function CounsellorSection({
  current,
  counsellors,
}: {
  current: number | null;
  counsellors: { id: number; fullName: string }[];
}) {
  const { Form, busy } = useSectionForm("counsellor");
  return (
    <Form method="post" className="row g-2 align-items-end mb-4" style={{ maxWidth: "32rem" }}>
      <input type="hidden" name="intent" value="counsellor" />
      <div className="col">
        <label htmlFor="record-counsellor" className="form-label small">
          Counsellor who looks after this student
        </label>
        <select
          id="record-counsellor"
          name="counsellorStaffId"
          className="form-select form-select-sm"
          defaultValue={current ?? ""}
        >
          <option value="">Choose…</option>
          {counsellors.map((c) => (
            <option key={c.id} value={c.id}>
              {c.fullName}
            </option>
          ))}
        </select>
      </div>
      <div className="col-auto">
        <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>
          Assign
        </button>
      </div>
    </Form>
  );
}

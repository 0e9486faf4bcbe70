import { data, Form, redirect, useNavigation } from "react-router";
import { TextField } from "~/components/form-fields";
import { refusalOr } from "~/lib/form-result.server";
import { useActionToast } from "~/lib/use-action-toast";
import type { ScreenHandle } from "~/root";
import { AppError } from "../../../modules/errors.ts";
import { invitationAcceptSchema } from "../../../modules/staff/input.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { staffMessages, staffRoleLabels } from "../../../vocabulary/staff.ts";
import type { Route } from "./+types/invitation";

/**
 * The e-mailed invitation's page (/staff/invitation?token=...): who is invited, and their password twice.
 * The token sits in the query string, which request logs leave out. A dead link gets one message, 410.
 */
export const handle = { staff: true } satisfies ScreenHandle;
export const meta: Route.MetaFunction = () => [{ title: "Staff invitation | Ignite" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  try {
    const invitation = await context.staff.team.invitation(token);
    return { invitation, token: token ?? "", rules: fieldRules(invitationAcceptSchema) };
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return data({ invitation: null, token: "", rules: {} }, { status: 410 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return refusalOr(async () => {
    const session = await context.staff.team.acceptInvitation(
      form.get("token"),
      { password: form.get("password"), confirmPassword: form.get("confirmPassword") },
      context.clientIp,
    );
    return redirect("/staff", { headers: { "Set-Cookie": context.cookies.staffSession(session.token, session.expiresAt) } });
  });
}

export default function StaffInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const dead = !loaderData.invitation || refusal?.message === staffMessages.invitationInvalid;
  useActionToast(refusal);
  if (dead || !loaderData.invitation) {
    return (
      <div className="container py-5" style={{ maxWidth: "32rem" }}>
        <h1 className="h3 mb-3">Invitation link not valid</h1>
        <p className="alert alert-warning">{staffMessages.invitationInvalid}</p>
      </div>
    );
  }
  const { invitation, token, rules } = loaderData;
  return (
    <div className="container py-5" style={{ maxWidth: "32rem" }}>
      <h1 className="h3 mb-3">{staffMessages.invitationHeading}</h1>
      <p>
        Welcome, <strong>{invitation.fullName}</strong>. You are invited to the Ignite console as{" "}
        <strong>{staffRoleLabels[invitation.role]}</strong> ({invitation.email}).
      </p>
      <p className="small text-body-secondary">{staffMessages.passwordRule}</p>
      {refusal && <p className="alert alert-danger">{refusal.message}</p>}
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <TextField
          className="mb-3"
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          rules={rules.password}
          error={refusal?.fields.password}
        />
        <TextField
          className="mb-3"
          name="confirmPassword"
          label="Repeat password"
          type="password"
          autoComplete="new-password"
          rules={rules.confirmPassword}
          error={refusal?.fields.confirmPassword}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={navigation.state === "submitting"}>
          Set password and sign in
        </button>
      </Form>
    </div>
  );
}

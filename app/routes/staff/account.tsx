import { Form, redirect, useNavigation } from "react-router";
import { TextField } from "~/components/form-fields";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { requireStaffMember } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { staffPasswordChangeSchema } from "../../../modules/staff/input.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { staffMessages, staffRoleLabels } from "../../../vocabulary/staff.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Your account | Ignite" }, { name: "robots", content: "noindex" }];

/** Every staff member's own account (decision 0034): their password, and signing out everywhere. */
export function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffMember(context.staffMember);
  return { member, rules: fieldRules(staffPasswordChangeSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffMember(context.staffMember);
  const form = await request.formData();
  return byIntent(
    form.get("intent"),
    {
      "sign-out-everywhere": async () => {
        await context.staff.team.signOutEverywhere(member, member.staffId);
        return redirect("/staff/login", { headers: { "Set-Cookie": context.cookies.clearStaffSession() } });
      },
      // The password form, the page's main one.
      password: () =>
        refusalOr(async () => {
          await context.staff.team.changeOwnPassword(member, context.staffToken, {
            currentPassword: String(form.get("currentPassword") ?? ""),
            newPassword: String(form.get("newPassword") ?? ""),
            confirmPassword: String(form.get("confirmPassword") ?? ""),
          });
          return { ok: true as const, message: staffMessages.passwordChanged };
        }),
    },
    { otherwise: "password" },
  );
}

export default function StaffAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { member, rules } = loaderData;
  const navigation = useNavigation();
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  return (
    <>
      <h1 className="h3 mb-3">Your account</h1>
      <p>
        {member.fullName} · {member.email} · {staffRoleLabels[member.role]}
      </p>
      <h2 className="h4 mt-4">Change your password</h2>
      <p className="small text-body-secondary">{staffMessages.passwordRule} Every other session of yours ends; you are mailed.</p>
      <Form method="post" className="row g-3" style={{ maxWidth: "40rem" }}>
        <input type="hidden" name="intent" value="password" />
        <TextField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          className="col-12"
          rules={rules.currentPassword}
          error={refusal?.fields.currentPassword}
        />
        <TextField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          rules={rules.newPassword}
          error={refusal?.fields.newPassword}
        />
        <TextField
          name="confirmPassword"
          label="New password again"
          type="password"
          autoComplete="new-password"
          rules={rules.confirmPassword}
          error={refusal?.fields.confirmPassword}
        />
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
            Change password
          </button>
        </div>
      </Form>
      <h2 className="h4 mt-5">Sign out everywhere</h2>
      <p className="small text-body-secondary">Ends every session of yours, on every device, this one too.</p>
      <Form method="post">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <button type="submit" className="btn btn-outline-danger">
          Sign out everywhere
        </button>
      </Form>
    </>
  );
}

import { Form, useNavigation } from "react-router";
import { refusedFields, SelectField, TextField } from "~/components/form-fields";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../../modules/ids.ts";
import { canManageStaff } from "../../../modules/policies.ts";
import { staffInvitationSchema } from "../../../modules/staff/input.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { indianDay } from "../../../vocabulary/india-time.ts";
import { STAFF_INVITATION_HOURS, staffMessages, staffRoleLabels, staffRoles } from "../../../vocabulary/staff.ts";
import type { Route } from "./+types/members";

export const meta: Route.MetaFunction = () => [{ title: "Staff accounts | Ignite" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageStaff);
  const accounts = await context.staff.team.list(member);
  return {
    accounts: accounts.map((a) => ({ ...a, createdAt: indianDay(a.createdAt) })),
    me: member.staffId,
    rules: fieldRules(staffInvitationSchema),
  };
}

/**
 * Invite a colleague, resend an invitation, disable / enable an account, change its role or sign it out
 * everywhere: each a change the audit log records.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageStaff);
  const form = await request.formData();
  const setDisabled = (disabled: boolean) =>
    refusalOr(async () => {
      const account = await context.staff.team.setDisabled(member, parseId(form.get("staffId"), "Staff account"), disabled);
      const message = disabled ? staffMessages.disabledDone(account.email) : staffMessages.enabledDone(account.email);
      return { ok: true as const, message };
    });
  return byIntent(
    form.get("intent"),
    {
      disable: () => setDisabled(true),
      enable: () => setDisabled(false),
      "sign-out-everywhere": () =>
        refusalOr(async () => {
          const ended = await context.staff.team.signOutEverywhere(member, parseId(form.get("staffId"), "Staff account"));
          return { ok: true as const, message: staffMessages.memberSignedOut(ended.email, ended.sessionsEnded) };
        }),
      role: () =>
        refusalOr(async () => {
          const account = await context.staff.team.changeRole(member, parseId(form.get("staffId"), "Staff account"), {
            role: String(form.get("role") ?? ""),
          });
          return { ok: true as const, message: staffMessages.roleChanged(account.email, staffRoleLabels[account.role]) };
        }),
      resend: () =>
        refusalOr(async () => {
          const account = await context.staff.team.resendInvitation(member, parseId(form.get("staffId"), "Staff account"));
          return { ok: true as const, message: staffMessages.invitationResent(account.email) };
        }),
      // The invitation form, the page's main one.
      invite: () => {
        const values = {
          email: String(form.get("email") ?? ""),
          fullName: String(form.get("fullName") ?? ""),
          role: String(form.get("role") ?? ""),
        };
        return refusalOr(async () => {
          const invited = await context.staff.team.invite(member, values);
          return { ok: true as const, message: staffMessages.invited(invited.email) };
        }, values);
      },
    },
    { otherwise: "invite" },
  );
}

export default function StaffMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, me, rules } = loaderData;
  const navigation = useNavigation();
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const field = refusedFields(rules, refusal);
  useActionToast(actionData);
  return (
    <>
      <h1 className="h3 mb-3">Staff accounts</h1>
      <div className="table-responsive mb-5">
        <table className="table align-middle">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Since</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.staffId}>
                <td>{a.fullName}</td>
                <td>{a.email}</td>
                <td>{staffRoleLabels[a.role]}</td>
                <td>{a.createdAt}</td>
                <td>
                  {a.disabled ? (
                    <span className="badge text-bg-secondary">Disabled</span>
                  ) : a.invited ? (
                    <span className="badge text-bg-info">Invited</span>
                  ) : (
                    "Active"
                  )}
                </td>
                <td>
                  <div className="d-flex flex-wrap gap-2">
                    {a.invited && !a.disabled && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="resend" />
                        <input type="hidden" name="staffId" value={a.staffId} />
                        <button type="submit" className="btn btn-sm btn-outline-primary">
                          Resend link
                          <span className="visually-hidden"> for {a.email}</span>
                        </button>
                      </Form>
                    )}
                    {a.staffId !== me && (
                      <Form method="post" className="d-flex gap-1">
                        <input type="hidden" name="intent" value="role" />
                        <input type="hidden" name="staffId" value={a.staffId} />
                        <label className="visually-hidden" htmlFor={`role-${a.staffId}`}>
                          Make {a.email} a
                        </label>
                        <select
                          id={`role-${a.staffId}`}
                          name="role"
                          className="form-select form-select-sm w-auto"
                          defaultValue={a.role}
                        >
                          {staffRoles.map((role) => (
                            <option key={role} value={role}>
                              {staffRoleLabels[role]}
                            </option>
                          ))}
                        </select>
                        <button type="submit" className="btn btn-sm btn-outline-primary">
                          Change role
                          <span className="visually-hidden"> of {a.email}</span>
                        </button>
                      </Form>
                    )}
                    {!a.invited && a.staffId !== me && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="sign-out-everywhere" />
                        <input type="hidden" name="staffId" value={a.staffId} />
                        <button type="submit" className="btn btn-sm btn-outline-secondary">
                          Sign out everywhere
                          <span className="visually-hidden"> {a.email}</span>
                        </button>
                      </Form>
                    )}
                    {a.staffId !== me && (
                      <Form method="post">
                        <input type="hidden" name="intent" value={a.disabled ? "enable" : "disable"} />
                        <input type="hidden" name="staffId" value={a.staffId} />
                        <button type="submit" className="btn btn-sm btn-outline-secondary">
                          {a.disabled ? "Enable" : "Disable"}
                          <span className="visually-hidden"> {a.email}</span>
                        </button>
                      </Form>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="h4">Invite a colleague</h2>
      <p className="small text-body-secondary">
        They get an e-mail with a link to set their own password; it works once, for {STAFF_INVITATION_HOURS} hours.
      </p>
      <Form method="post" className="row g-3" style={{ maxWidth: "48rem" }}>
        <input type="hidden" name="intent" value="create" />
        <TextField {...field("fullName")} label="Full name" />
        <TextField {...field("email")} label="Email" type="email" />
        <SelectField {...field("role")} label="Role" options={staffRoles} optionLabels={staffRoleLabels} />
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
            Send invitation
          </button>
        </div>
      </Form>
    </>
  );
}

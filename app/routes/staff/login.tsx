import { Form, redirect, useNavigation } from "react-router";
import { TextField } from "~/components/form-fields";
import { refusalOr } from "~/lib/form-result.server";
import { useActionToast } from "~/lib/use-action-toast";
import type { ScreenHandle } from "~/root";
import { staffLoginSchema } from "../../../modules/staff/input.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { staffMessages } from "../../../vocabulary/staff.ts";
import type { Route } from "./+types/login";

export const handle = { staff: true } satisfies ScreenHandle;
export const meta: Route.MetaFunction = () => [
  { title: "Staff sign-in | Ignite" },
  { name: "description", content: "Sign in to the Ignite staff console." },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  if (context.staffMember) throw redirect("/staff");
  return { rules: fieldRules(staffLoginSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  return refusalOr(
    async () => {
      const session = await context.staff.team.logIn({ email, password: form.get("password") }, context.clientIp);
      return redirect("/staff", { headers: { "Set-Cookie": context.cookies.staffSession(session.token, session.expiresAt) } });
    },
    { email },
  );
}

export default function StaffLogin({ actionData, loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useActionToast(actionData, (answer) => (answer.ok ? null : { kind: "error", text: answer.message }));
  return (
    <div className="container py-5" style={{ maxWidth: "28rem" }}>
      <h1 className="h3 mb-3">{staffMessages.loginHeading}</h1>
      {actionData && !actionData.ok && <p className="alert alert-danger">{actionData.message}</p>}
      <Form method="post">
        <TextField
          className="mb-3"
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          rules={loaderData.rules.email}
          defaultValue={actionData && !actionData.ok ? actionData.values.email : undefined}
        />
        <TextField
          className="mb-3"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          rules={loaderData.rules.password}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={navigation.state === "submitting"}>
          Sign in
        </button>
      </Form>
    </div>
  );
}

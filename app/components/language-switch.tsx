import { Form, useLocation } from "react-router";
import { useT } from "~/lib/i18n";
import { LANGUAGES, type LanguageCode } from "../../vocabulary/languages.ts";

/**
 * English / हिन्दी (decision 0029): a button for each other language, posting to /language, which keeps
 * the choice in a cookie and comes back here. A plain form, so it works without JavaScript too. Each
 * language is named in its own script, marked with its `lang` for screen readers.
 */
export function LanguageSwitch() {
  const { language } = useT();
  const location = useLocation();
  const others = (Object.keys(LANGUAGES) as LanguageCode[]).filter((code) => code !== language);
  return (
    <Form method="post" action="/language" className="d-inline-flex">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {others.map((code) => (
        <button
          key={code}
          type="submit"
          name="language"
          value={code}
          lang={code}
          className="btn btn-link nav-link px-1 px-sm-2 language-name"
        >
          {LANGUAGES[code].name}
        </button>
      ))}
    </Form>
  );
}

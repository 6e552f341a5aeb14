import type { Child } from "hono/jsx";
import { Field } from "./fields.js";
import { Hidden } from "./layout.js";

/**
 * A form for a one-time code (an authenticator app's, an emailed one): `digits` fixes its length when it is known.
 * `intro` leads the form (a sentence, or an enrollment's key); `children` go between the field and the button.
 */
export function CodeForm({
  action,
  intro,
  csrfToken,
  id,
  label,
  button,
  digits,
  children,
}: {
  action: string;
  intro: string | Child;
  children?: Child;
  csrfToken: string;
  id: string;
  label: string;
  button: string;
  digits?: number;
}) {
  const length = digits ? { pattern: `[0-9]{${digits}}`, maxlength: digits } : {};
  return (
    <form action={action} method="post">
      {typeof intro === "string" ? <p class="muted center">{intro}</p> : intro}
      <Hidden name="csrfToken" value={csrfToken} />
      <Field
        id={id}
        name="code"
        label={label}
        attributes={{
          type: "text",
          inputmode: "numeric",
          autocomplete: "one-time-code",
          ...length,
          required: true,
          autofocus: true,
        }}
      />
      {children}
      <button class="button" type="submit">
        {button}
      </button>
    </form>
  );
}

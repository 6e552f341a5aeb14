import { Field } from "./fields.js";
import { Hidden } from "./layout.js";

/** A form for a one-time code (an authenticator app's, an emailed one): `digits` fixes its length when it is known. */
export function CodeForm({
  action,
  intro,
  csrfToken,
  id,
  label,
  button,
  digits,
}: {
  action: string;
  intro: string;
  csrfToken: string;
  id: string;
  label: string;
  button: string;
  digits?: number;
}) {
  const length = digits ? { pattern: `[0-9]{${digits}}`, maxlength: digits } : {};
  return (
    <form action={action} method="post">
      <p class="muted center">{intro}</p>
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
      <button class="button" type="submit">
        {button}
      </button>
    </form>
  );
}

import type { CredentialInput } from "../src/config/providers/provider-types.js";
import type { Messages } from "./messages.js";
import { inputAttributes } from "./sanitize.js";

type Attributes = Record<string, string | number | boolean | undefined>;

/** The input of a 6-digit code from an authenticator app: digits on a phone's keyboard, filled from a text message or the app. */
export const oneTimeCodeAttributes = {
  type: "text",
  inputmode: "numeric",
  autocomplete: "one-time-code",
  pattern: "[0-9]{6}",
  maxlength: 6,
  required: true,
  autofocus: true,
} satisfies Attributes;

/** The show-password button's texts; the served script reveals the button and does the toggling. */
export interface Reveal {
  text: string;
  title: string;
}

/**
 * A labelled input; the label points at the input through for/id. A password input gets a show-password
 * button, hidden until the sign-in script runs, so without JavaScript no dead button shows.
 */
export function Field({
  id,
  name,
  label,
  attributes,
  reveal,
}: {
  id: string;
  name: string;
  label: string;
  attributes: Attributes;
  reveal?: Reveal;
}) {
  const input = <input {...attributes} id={id} name={name} />;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {reveal && attributes.type === "password" ? (
        <div class="secret">
          {input}
          <button
            class="reveal"
            type="button"
            data-reveal={id}
            aria-controls={id}
            aria-pressed="false"
            title={reveal.title}
            hidden
          >
            {reveal.text}
          </button>
        </div>
      ) : (
        input
      )}
    </div>
  );
}

/** An id that is unique on the page for an input of a provider's form. */
export function fieldId(providerId: string, name: string): string {
  const part = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, "-");
  return `${part(providerId)}-${part(name)}`;
}

/** The label of an input configured without one: translated for the usual names, else the input's name. */
function defaultLabel(messages: Messages, name: string): string {
  const known: Record<string, string> = {
    username: messages.signIn.usernameLabel,
    password: messages.signIn.passwordLabel,
    email: messages.common.emailLabel,
  };
  return Object.hasOwn(known, name) ? known[name] : name;
}

/**
 * One field per configured input. `extra` adds attributes to the first input (for example the
 * autocomplete hint that turns on passkey autofill); `required` makes each input required unless its
 * configuration says otherwise, so an empty form is caught before it is sent.
 */
export function CredentialFields({
  messages,
  providerId,
  inputs,
  extra,
  required = false,
}: {
  messages: Messages;
  providerId: string;
  inputs: Record<string, CredentialInput>;
  extra?: Attributes;
  required?: boolean;
}) {
  const reveal = { text: messages.signIn.showPassword, title: messages.signIn.showPasswordLabel };
  return (
    <>
      {Object.entries(inputs).map(([name, input], index) => (
        <Field
          id={fieldId(providerId, name)}
          name={name}
          label={typeof input.label === "string" && input.label !== "" ? input.label : defaultLabel(messages, name)}
          attributes={{
            type: "text",
            required,
            ...inputAttributes(input),
            ...(index === 0 ? extra : undefined),
          }}
          reveal={reveal}
        />
      ))}
    </>
  );
}

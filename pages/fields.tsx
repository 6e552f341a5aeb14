import type { CredentialInput } from "../src/providers/types.js";
import { inputAttributes } from "./sanitize.js";

type Attributes = Record<string, string | number | boolean | undefined>;

/** A labelled input; the label points at the input through for/id. */
export function Field({ id, name, label, attributes }: { id: string; name: string; label: string; attributes: Attributes }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input {...attributes} id={id} name={name} />
    </div>
  );
}

/** An id that is unique on the page for an input of a provider's form. */
export function fieldId(providerId: string, name: string): string {
  const part = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, "-");
  return `${part(providerId)}-${part(name)}`;
}

/**
 * One field per configured input. `extra` adds attributes to the first input (for example the
 * autocomplete hint that turns on passkey autofill).
 */
export function CredentialFields({
  providerId,
  inputs,
  extra,
}: {
  providerId: string;
  inputs: Record<string, CredentialInput>;
  extra?: Attributes;
}) {
  return (
    <>
      {Object.entries(inputs).map(([name, input], index) => (
        <Field
          id={fieldId(providerId, name)}
          name={name}
          label={typeof input.label === "string" && input.label !== "" ? input.label : name}
          attributes={{ type: "text", ...inputAttributes(input), ...(index === 0 ? extra : undefined) }}
        />
      ))}
    </>
  );
}

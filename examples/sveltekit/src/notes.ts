/** The example's data behind /settings/danger: each user's notes, in memory, by email address. */
const notes = new Map<string, string[]>();

const welcome = ["Buy milk", "Call Grace about the compiler"];

export const notesOf = (email: string): string[] => notes.get(email) ?? welcome;

export function deleteNotes(email: string): void {
  notes.set(email, []);
}

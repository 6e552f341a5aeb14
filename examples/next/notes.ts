/**
 * The example's data behind /settings/danger: each user's notes, in memory, by email address. Next.js loads this
 * module once per route bundle (the page, its server action), so the notes live on globalThis, shared by all.
 */
const key = Symbol.for("sekisho.example.notes");
const store = globalThis as { [key]?: Map<string, string[]> };
const notes = (store[key] ??= new Map());

const welcome = ["Buy milk", "Call Ada about the engine"];

export const notesOf = (email: string): string[] => notes.get(email) ?? welcome;

export function deleteNotes(email: string): void {
  notes.set(email, []);
}

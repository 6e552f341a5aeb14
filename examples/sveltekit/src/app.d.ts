// `event.locals.auth()` is declared by sekisho/sveltekit.
import "sekisho/sveltekit";

export {};

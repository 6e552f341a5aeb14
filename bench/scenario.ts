/** What the bench measures: one kind of request, run against each library. */
import type { Subject } from "./subjects.js";

export interface Scenario {
  name: string;
  subjects: Subject[];
  /** One unit of work for a subject: a request, checked; the response when there is one. */
  run(subject: Subject): Promise<Response | undefined>;
  /** Calls in flight for the concurrent figures, when the run's default would measure something else. */
  concurrency?: number;
  /** What a unit of work is, when it is more than one request; printed under the table. */
  note?: string;
  /** Releases what the scenario holds open (a server), once the run is over. */
  close?(): void;
}

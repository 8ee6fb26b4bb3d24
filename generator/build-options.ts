/**
 * What a build is asked for, defined once: the CLI passes it, `buildTree` takes it whole, and the
 * compile and the model take the parts they need (`CompileOptions`, `ModelOptions`).
 */
export interface BuildOptions {
  /** The dataset folder. */
  readonly dataset: string;
  /** The output tree (`dist`). */
  readonly out: string;
  /** Prefix of `service_url` links, without a trailing slash. */
  readonly baseUrl: string;
  /** The day rules are evaluated on (rotating categories), `YYYY-MM-DD`; the dataset's own latest `as_of` when absent, so output never depends on the clock. */
  readonly date?: string | undefined;
  /** The dataset's commit, recorded in this build's history entry; null or absent when unknown. */
  readonly datasetCommit?: string | null | undefined;
  /** The most bytes the build may write (its files, before their .br and .gz siblings); DEFAULT_MAX_OUTPUT_BYTES when absent. */
  readonly maxOutputBytes?: number | undefined;
  /** Aborting it stops the build and removes its temporary tree; the live tree stays as it was. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Told the path of each temporary tree of a build whose process is gone, as it is removed: before
   * anything else, so it is told whether this build then succeeds, fails or throws.
   */
  readonly onAbandonedTreeRemoved?: ((path: string) => void) | undefined;
}

/** What the model is made with: the link prefix and the evaluation day, resolved. */
export type ModelOptions = Pick<BuildOptions, 'baseUrl'> & { readonly date: string };

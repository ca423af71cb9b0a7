// A request handed to the service in this process (the embedded default's) and its answer, declared once for
// both sides of that boundary: the client's transport (api/in-process-transport.ts) sends what the server
// (server/in-process.ts) takes, as HTTP would carry it.

export interface InProcessRequest {
  method: string;
  /** Path and query, as on the request line. */
  url: string;
  /** Names in lower case. */
  headers: Record<string, string>;
  /** The body's text; a getter may make it when first read (the service reads it only if it needs it). */
  readonly body?: string;
  /**
   * The value `body` is the JSON text of: the service takes it instead of parsing the text when it holds only
   * JSON's own values (jsonValueBytesAtMost), and never changes it.
   */
  json?: unknown;
  /** Aborts when the caller gives up (Ctrl-C, a timeout): a report being rendered for it stops. */
  signal?: AbortSignal;
}

/** What a client reads off the wire: the status, the headers as text, the body as UTF-8 text. */
export interface InProcessAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /**
   * An envelope's value itself, what JSON.parse(text) would give: the client takes it and the text is never
   * made (text and content-length are made when first read).
   */
  json?: unknown;
}

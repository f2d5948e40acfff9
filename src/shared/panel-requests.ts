// The webview's requests of the extension host as typed promises, like the WorkerBridge's jobs:
// `await host.request('rulesPage', { offset, limit, sort })`. The request ids, matching a reply to
// its request, failures and replies nobody waits for are handled here, on both sides: the
// webview's `PanelRequester` and the host's `answerRequest`. The kinds and their request and
// reply types are declared once, in src/shared/protocol.ts (`PanelRequestTypes`), where the host's
// validator checks every request (a webview's messages are untrusted).
import type { PanelRequestTypes, RequestMessage, ToWebview } from './protocol';

/** Request kinds with what each sends and gets back: PanelRequestTypes, or the forest view's (forest-protocol.ts). */
export type RequestTypeMap<T> = { [K in keyof T]: { request: unknown; reply: unknown } };

/** A reply or failure as either panel's host sends it. */
type Answer<R = unknown> = { type: 'reply'; requestId: number; reply: R } | { type: 'requestFailed'; requestId: number; message: string };

/** The webview's side: sends requests (as messages of type `M`), and settles each with the host's answer to it. */
export class PanelRequester<T extends RequestTypeMap<T> = PanelRequestTypes, M = RequestMessage> {
  private readonly pending = new Map<number, { resolve: (reply: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  constructor(private readonly post: (message: M) => void) {}

  /** Resolves with the host's reply; rejects with the host's message when it could not serve it. */
  request<K extends keyof T & string>(kind: K, request: T[K]['request']): Promise<T[K]['reply']> {
    const requestId = this.nextId++;
    return new Promise<T[K]['reply']>((resolve, reject) => {
      this.pending.set(requestId, { resolve: resolve as (reply: unknown) => void, reject });
      this.post({ type: 'request', requestId, kind, request } as M);
    });
  }

  /**
   * Offers a message from the host: true when it answers a request (its promise then settles; an
   * answer to no request waiting is dropped), false for any other message.
   */
  receive(message: ToWebview | { type: string }): boolean {
    if (message.type !== 'reply' && message.type !== 'requestFailed') return false;
    const answer = message as Answer;
    const waiting = this.pending.get(answer.requestId);
    this.pending.delete(answer.requestId);
    if (answer.type === 'reply') waiting?.resolve(answer.reply);
    else waiting?.reject(new Error(answer.message));
    return true;
  }
}

/** The host's side: what answers each kind of request (a throw becomes `requestFailed`). */
export type Handlers<T extends RequestTypeMap<T>> = { [K in keyof T]: (request: T[K]['request']) => T[K]['reply'] | Promise<T[K]['reply']> };
export type RequestHandlers = Handlers<PanelRequestTypes>;

/** Answers one validated request with its handler's reply, or its failure. */
export async function answerRequest<T extends RequestTypeMap<T> = PanelRequestTypes>(
  message: { requestId: number; kind: keyof T; request: unknown },
  handlers: NoInfer<Handlers<T>>,
  post: (message: NoInfer<Answer<T[keyof T]['reply']>>) => void,
): Promise<void> {
  const { requestId } = message;
  try {
    const handler = handlers[message.kind] as (request: unknown) => T[keyof T]['reply'];
    post({ type: 'reply', requestId, reply: await handler(message.request) });
  } catch (err) {
    post({ type: 'requestFailed', requestId, message: err instanceof Error ? err.message : String(err) });
  }
}

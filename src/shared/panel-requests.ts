// The webview's requests of the extension host as typed promises, like the WorkerBridge's jobs:
// `await host.request('rulesPage', { offset, limit, sort })`. The request ids, matching a reply to
// its request, failures and replies nobody waits for are handled here, on both sides: the
// webview's `PanelRequester` and the host's `answerRequest`. The kinds and their request and
// reply types are declared once, in src/shared/protocol.ts (`PanelRequestTypes`), where the host's
// validator checks every request (a webview's messages are untrusted).
import type { PanelReply, PanelRequest, PanelRequestKind, RequestMessage, ToWebview } from './protocol';

/** The webview's side: sends requests, and settles each with the host's answer to it. */
export class PanelRequester {
  private readonly pending = new Map<number, { resolve: (reply: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  constructor(private readonly post: (message: RequestMessage) => void) {}

  /** Resolves with the host's reply; rejects with the host's message when it could not serve it. */
  request<K extends PanelRequestKind>(kind: K, request: PanelRequest<K>): Promise<PanelReply<K>> {
    const requestId = this.nextId++;
    return new Promise<PanelReply<K>>((resolve, reject) => {
      this.pending.set(requestId, { resolve: resolve as (reply: unknown) => void, reject });
      this.post({ type: 'request', requestId, kind, request } as RequestMessage);
    });
  }

  /**
   * Offers a message from the host: true when it answers a request (its promise then settles; an
   * answer to no request waiting is dropped), false for any other message.
   */
  receive(message: ToWebview): boolean {
    if (message.type !== 'reply' && message.type !== 'requestFailed') return false;
    const waiting = this.pending.get(message.requestId);
    this.pending.delete(message.requestId);
    if (message.type === 'reply') waiting?.resolve(message.reply);
    else waiting?.reject(new Error(message.message));
    return true;
  }
}

/** The host's side: what answers each kind of request (a throw becomes `requestFailed`). */
export type RequestHandlers = { [K in PanelRequestKind]: (request: PanelRequest<K>) => PanelReply<K> | Promise<PanelReply<K>> };

/** Answers one validated request with its handler's reply, or its failure. */
export async function answerRequest(message: RequestMessage, handlers: RequestHandlers, post: (message: ToWebview) => void): Promise<void> {
  const { requestId } = message;
  try {
    const handler = handlers[message.kind] as (request: RequestMessage['request']) => unknown;
    post({ type: 'reply', requestId, reply: (await handler(message.request)) as PanelReply<PanelRequestKind> });
  } catch (err) {
    post({ type: 'requestFailed', requestId, message: err instanceof Error ? err.message : String(err) });
  }
}

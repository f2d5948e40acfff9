// The few globals that the engine and src/shared/ may use beyond ES2022: they exist alike in Node,
// in a browser page and in a Web Worker (docs/architecture.md "How the layers are enforced").
// Only the engine's and shared code's tsconfig read this file; Node's and the DOM's own
// declarations serve everywhere else.
interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
}

interface TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}
declare const TextEncoder: { new (): TextEncoder };

interface TextDecoder {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}
declare const TextDecoder: { new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder };

/**
 * Sends one outbox file to the gateway's resumable uploads (/api/uploads, the tus protocol, with
 * tus-js-client): in requests of RESUMABLE_CHUNK_BYTES, from the offset the gateway holds, so a
 * dropped connection, a reload or a restart of the phone costs the request under way, not the file.
 * The upload's address is handed to `onAddress` as soon as it exists, for the outbox to keep with
 * the file; given back as `address`, the upload goes on from there. Loaded only when a file is sent.
 */
import {
  Upload,
  type DetailedError,
  type FileReader as TusFileReader,
  type HttpRequest,
  type HttpResponse,
  type HttpStack,
} from 'tus-js-client';
import { RESUMABLE_CHUNK_BYTES } from '@couchdb/model/upload-limits';
import { ApiError, apiErrorOf, type HttpClient, type RawAnswer } from '@client/lib/http';

/** What the gateway stored for a file (its `Upload-Media` answer). */
export interface StoredMedia {
  type: 'image' | 'video';
  url: string;
  thumbnail_url: string;
}

/** A request that moves no byte for this long is given up (the outbox tries again). */
const STALL_MS = 60_000;

export interface ResumableSend {
  blob: Blob;
  name: string;
  /** The upload to go on with (from an earlier try), if any. */
  address: string | undefined;
  onAddress(address: string): Promise<void>;
  /** Bytes sent so far, the request under way included. */
  onProgress(sentBytes: number): void;
  /** Bytes the gateway confirmed it holds (after each request). */
  onAccepted(bytes: number): void;
  signal: AbortSignal;
}

/** The header the gateway puts a finished upload's stored media in (sync-server/routes/uploads.ts). */
const MEDIA_HEADER = 'Upload-Media';

function storedMediaOf(response: HttpResponse): StoredMedia | null {
  const header = response.getHeader(MEDIA_HEADER);
  if (!header) return null;
  try {
    const base64 = header.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const media = JSON.parse(json) as Partial<StoredMedia>;
    return typeof media.url === 'string' && media.url
      ? { type: media.type ?? 'image', url: media.url, thumbnail_url: media.thumbnail_url ?? '' }
      : null;
  } catch {
    return null;
  }
}

/** tus-js-client's requests, sent through the client's one transport (HttpClient.raw). */
class GatewayStack implements HttpStack {
  constructor(private readonly http: HttpClient) {}

  createRequest(method: string, url: string): HttpRequest {
    return new GatewayRequest(this.http, method, url);
  }

  getName(): string {
    return 'gateway';
  }
}

class GatewayRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();
  private progress: (bytesSent: number) => void = () => undefined;

  constructor(
    private readonly http: HttpClient,
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod(): string {
    return this.method;
  }

  getURL(): string {
    return this.url;
  }

  setHeader(header: string, value: string): void {
    this.headers[header] = value;
  }

  getHeader(header: string): string | undefined {
    return this.headers[header];
  }

  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.progress = handler;
  }

  async send(body?: Blob | null): Promise<HttpResponse> {
    const answer = await this.http.raw(
      this.method,
      this.url,
      this.headers,
      body ?? null,
      this.controller.signal,
      this.progress,
    );
    return new GatewayResponse(answer, await answer.text());
  }

  abort(): Promise<void> {
    this.controller.abort();
    return Promise.resolve();
  }

  getUnderlyingObject(): unknown {
    return null;
  }
}

class GatewayResponse implements HttpResponse {
  constructor(
    private readonly answer: RawAnswer,
    private readonly body: string,
  ) {}

  getStatus(): number {
    return this.answer.status;
  }

  getHeader(header: string): string | undefined {
    return this.answer.header(header) ?? undefined;
  }

  getBody(): string {
    return this.body;
  }

  getUnderlyingObject(): unknown {
    return null;
  }
}

/** The file is a Blob everywhere (IndexedDB keeps Blobs): its slices are the request bodies. */
const blobReader: TusFileReader = {
  openFile: (input: Blob) =>
    Promise.resolve({
      size: input.size,
      slice: (start: number, end: number) =>
        Promise.resolve({ value: input.slice(start, end), done: end >= input.size }),
      close: () => undefined,
    }),
};

/** A failed request as the rest of the client sees failures: no answer (status 0) or the gateway's. */
function apiErrorFrom(err: Error | DetailedError): ApiError {
  const response = 'originalResponse' in err ? err.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  if (status === 0) return new ApiError(0, 'network_error', err.message);
  return apiErrorOf(status, response?.getBody() ?? '');
}

/** A finished upload whose answer named no stored media: the gateway lost it, send again. */
export class MediaMissingError extends Error {}

/**
 * Sends the file, resuming at `address` when given; resolves with what the gateway stored. Fails
 * with an ApiError (a 401 after one renewal of the session, a refusal, no answer) or
 * MediaMissingError; an upload the gateway no longer has is started again from its first byte.
 */
export async function sendResumable(http: HttpClient, send: ResumableSend): Promise<StoredMedia> {
  try {
    return await sendOnce(http, send);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401 || !(await http.renewSession())) throw err;
    return sendOnce(http, send);
  }
}

function sendOnce(http: HttpClient, send: ResumableSend): Promise<StoredMedia> {
  return new Promise<StoredMedia>((resolve, reject) => {
    let stall: ReturnType<typeof setTimeout> | undefined;
    /** Ends the attempt: settled, and the watchdog off. */
    const settle = (outcome: () => void) => {
      clearTimeout(stall);
      outcome();
    };
    const stop = (reason: string) => {
      void upload.abort();
      settle(() => reject(new ApiError(0, 'network_error', reason)));
    };
    /** Bytes moved or an answer came: the connection is alive. */
    const alive = () => {
      clearTimeout(stall);
      stall = setTimeout(() => stop('stalled'), STALL_MS);
    };
    const upload = new Upload(send.blob, {
      endpoint: new URL(http.url('/api/uploads'), globalThis.location?.href).href,
      uploadUrl: send.address ?? null,
      httpStack: new GatewayStack(http),
      fileReader: blobReader,
      // Resuming is by the address the outbox keeps, never by a fingerprint of the file.
      fingerprint: () => Promise.resolve(''),
      chunkSize: RESUMABLE_CHUNK_BYTES,
      // The outbox decides when to try again (its tries, then the next connection).
      retryDelays: null,
      metadata: { filename: send.name, filetype: send.blob.type },
      // The outbox keeps the address with the file; nothing goes to localStorage.
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      onBeforeRequest: async (req) => {
        for (const [name, value] of Object.entries(await http.headersNow()))
          req.setHeader(name, value);
      },
      onAfterResponse: alive,
      onUploadUrlAvailable: () => {
        if (upload.url) void send.onAddress(upload.url);
      },
      onProgress: (sent) => {
        alive();
        send.onProgress(sent);
      },
      onChunkComplete: (_size, accepted) => send.onAccepted(accepted),
      onSuccess: ({ lastResponse }) => {
        const stored = storedMediaOf(lastResponse);
        settle(() => (stored ? resolve(stored) : reject(new MediaMissingError())));
      },
      onError: (err) => settle(() => reject(apiErrorFrom(err))),
    });
    send.signal.addEventListener('abort', () => stop('aborted'), { once: true });
    alive();
    upload.start();
  });
}

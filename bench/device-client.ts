/**
 * One simulated device of the gateway benches: a keep-alive connection of its own (a browser keeps
 * one to the gateway), taking gzip as a browser does, with as little of the load generator's own
 * work as a request allows (node:http and one JSON.parse, not fetch's streams and objects). 200 of
 * them share one process and the machine's two cores with the gateway: whatever the generator
 * spends a request delays every other device's answer as it measures it, which no phone does.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface DeviceAnswer<T> {
  status: number;
  body: T;
}

export class DeviceConnection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  /** Sends one request and reads its whole answer as JSON (undefined when empty). */
  json<T>(
    method: string,
    url: string,
    { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<DeviceAnswer<T>> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            'accept-encoding': 'gzip',
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            try {
              let raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
              if (res.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
              resolve({
                status: res.statusCode ?? 0,
                body: (raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined) as T,
              });
            } catch (err) {
              reject(err as Error);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

import WebSocket from 'ws';

/**
 * What a mock still holds once an attack is over: through its inspector, a full garbage
 * collection (`HeapProfiler.collectGarbage`), then `process.memoryUsage()`. So a peak made of
 * garbage that V8 had not collected yet tells apart from memory the mock keeps.
 */

export interface Held {
  readonly rss: number;
  readonly heapUsed: number;
  /** Memory outside the V8 heap (Buffers and other ArrayBuffers included). */
  readonly external: number;
}

export async function heldAfterGc(inspectorUrl: string): Promise<Held> {
  const socket = new WebSocket(inspectorUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<{ result?: { result?: { value?: unknown } } }>((resolve, reject) => {
      const id = ++next;
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: { result?: { value?: unknown } }; error?: unknown };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(JSON.stringify(message.error)));
        else resolve(message);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    // Twice: the first may leave what only its finalizers freed.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const answer = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    const usage = JSON.parse(String(answer.result?.result?.value)) as { rss: number; heapUsed: number; external: number };
    return { rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external };
  } finally {
    socket.terminate();
  }
}

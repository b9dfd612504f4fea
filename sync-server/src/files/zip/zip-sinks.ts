import { open, type FileHandle } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/**
 * Where a ZipWriter's bytes go. `write` resolves once the sink can take more, so a slow consumer (a phone on a
 * poor connection, a busy disk) slows the making of the archive instead of filling memory.
 */
export type TZipSink = {
  write: (bytes: Uint8Array) => Promise<void>;
  /**
   * Writes over bytes written before (a file can): a streamed entry's sizes then go into its local header once
   * known, and no data descriptor follows it. A sink without it gets data descriptors.
   */
  writeAt?: (bytes: Uint8Array, position: number) => Promise<void>;
  /** After the last byte: a file is flushed to disk and closed, a stream ended. */
  end: () => Promise<void>;
  /** The archive will not be finished: a file is closed (its caller removes it), a stream destroyed. */
  abort: (reason: Error) => Promise<void>;
};

async function writeAll(fh: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < bytes.byteLength;) {
    const { bytesWritten } = await fh.write(bytes, done, bytes.byteLength - done, position + done);
    done += bytesWritten;
  }
}

/** A new file at `path` (created or truncated), readable by its owner only unless `mode` says otherwise. */
export async function fileSink(path: string, mode = 0o600): Promise<TZipSink> {
  const fh = await open(path, 'w', mode);
  let position = 0;
  return {
    write: async (bytes) => {
      await writeAll(fh, bytes, position);
      position += bytes.byteLength;
    },
    writeAt: (bytes, at) => writeAll(fh, bytes, at),
    end: async () => {
      await fh.sync();
      await fh.close();
    },
    abort: () => fh.close().catch(() => undefined),
  };
}

const closed = () => new Error('The zip output was closed before the archive was finished');

/**
 * A Node stream (the body of an HTTP answer): each write waits for `drain` when the stream's buffer is full,
 * and fails once the stream is destroyed (the client went away), so the archive stops being made.
 */
export function writableSink(stream: Writable): TZipSink {
  const drained = () =>
    new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        stream.off('drain', onDrain);
        stream.off('close', onClose);
        stream.off('error', onError);
        if (error) reject(error);
        else resolve();
      };
      const onDrain = () => settle();
      const onClose = () => settle(closed());
      const onError = (e: Error) => settle(e);
      stream.on('drain', onDrain);
      stream.on('close', onClose);
      stream.on('error', onError);
    });
  return {
    write: async (bytes) => {
      if (stream.destroyed || stream.writableEnded) throw closed();
      if (!stream.write(bytes)) await drained();
    },
    end: async () => {
      stream.end();
      await finished(stream, { readable: false });
    },
    abort: async (reason) => void stream.destroy(reason),
  };
}

import { closeSync, existsSync, openSync, readSync } from 'node:fs';

// The WAL-index header watch behind the answer cache's generation on SQLite (db/connect.ts generationNow).
// Switch: SPEED_WAL_HEADER=0 (speed/switches.ts) reads `pragma data_version` instead. It reads SQLite's
// -shm file layout (https://sqlite.org/walformat.html); the tripwire test (speed-tripwires.test.ts) checks
// that layout on the SQLite that better-sqlite3 bundles.

/** Bytes of one copy of the WAL-index header (WalIndexHdr); the file starts with two. */
export const HEADER_COPY = 48;

/**
 * Whether any connection, this process's or another's, may have committed since the last look, read from the
 * header of the WAL index (the database's -shm file; https://sqlite.org/walformat.html, "The WAL-Index
 * Header"): one pread instead of the read transaction `pragma data_version` opens (a file lock taken and
 * released, the costliest step of the auth check every request pays). Every commit rewrites the header (its
 * change counter, last frame and checksums), and so does a WAL reset or a recovery. SQLite writes the header's
 * second copy, then its first: two unequal copies mean a write in progress, and the caller then asks SQLite.
 *
 * The header is read once per turn of the event loop: the requests whose bytes one poll of the sockets
 * brought share that read (50 busy connections bring about 25 per poll here; the pread cost ~10 µs per
 * request under load, an eighth of an auth-checked call). Another process's commit is so seen by every
 * request this process reads from the next turn on, within milliseconds: the "invalidated on every server
 * process" that issue 8 asks of a cache, without a message to lose. A commit made in this process, through any
 * connection, moves the generation at once (writesInThisProcess ends the shared read; the connection's own
 * write count is part of the generation).
 */
export class WalHeaderWatch {
  readonly #file: string;
  #fd: number | null = null;
  readonly #read = Buffer.alloc(HEADER_COPY * 2);
  readonly #seen = Buffer.alloc(HEADER_COPY);
  #epoch = 0;
  /** The epoch read in this turn of the event loop, until the turn's end (setImmediate) or a local write. */
  #thisTurn: number | undefined;
  #thisTurnWrites = 0;
  readonly #endTurn = (): void => {
    this.#thisTurn = undefined;
  };
  constructor(database: string) {
    this.#file = `${database}-shm`;
  }

  /** A number that moves whenever the header changed since the last look; undefined when unsure. */
  now(writesInThisProcess: number): number | undefined {
    if (this.#thisTurn !== undefined && this.#thisTurnWrites === writesInThisProcess) return this.#thisTurn;
    // SQLite makes the index file at its first read in WAL mode; until then the caller asks SQLite.
    if (this.#fd === null) {
      if (!existsSync(this.#file)) return undefined;
      this.#fd = openSync(this.#file, 'r');
    }
    const b = this.#read;
    if (readSync(this.#fd, b, 0, b.length, 0) < b.length) return undefined;
    // Byte 12 is isInit: an index not yet built (or being rebuilt) says nothing.
    if (b[12] === 0 || b.compare(b, HEADER_COPY, HEADER_COPY * 2, 0, HEADER_COPY) !== 0) return undefined;
    if (b.compare(this.#seen, 0, HEADER_COPY, 0, HEADER_COPY) !== 0) {
      b.copy(this.#seen, 0, 0, HEADER_COPY);
      this.#epoch++;
    }
    if (this.#thisTurn === undefined) setImmediate(this.#endTurn);
    this.#thisTurn = this.#epoch;
    this.#thisTurnWrites = writesInThisProcess;
    return this.#epoch;
  }

  close(): void {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }
}

import Database from 'better-sqlite3';
import type { OperationPath, TaskType } from '../../src/contract/operations';
import { OPERATIONS, promptOf } from '../../src/contract/operations';
import type { StudioTask, TaskList } from '../../src/contract/studio';
import { errorBody } from '../../src/contract/errors';
import type { Task, TaskStatus } from '../../src/contract/task';
import { Failure } from './failure';

// The proxy's memory: every task with the request that made it, its latest task object, and what the
// upstream originally returned. SQLite in WAL mode; one row per job_id, so a task is never duplicated.

/** Order of progress; a task never moves to a lower rank (stale callbacks and reads are ignored). */
export const STATUS_RANK: Record<TaskStatus, number> = {
  pending: 0,
  staged: 1,
  processing: 2,
  completed: 3,
  failed: 3,
};

export interface NewTask {
  operation: OperationPath;
  /** The request as validated, without `callback`. */
  request: Record<string, unknown>;
  task: Task;
  callbackToken: string | null;
  userCallback: string | null;
}

export interface TaskListFilter {
  cursor?: string;
  limit: number;
  type?: TaskType[];
  status?: TaskStatus[];
  favourite?: boolean;
  hidden?: boolean;
  q?: string;
  parent?: string;
}

interface TaskRow {
  id: number;
  job_id: string;
  task_type: TaskType;
  status: TaskStatus;
  prompt: string;
  request: string;
  parent_job_id: string | null;
  parent_image_no: number | null;
  favourite: number;
  hidden: number;
  created_at: string;
  updated_at: string;
  task: string;
  upstream_output: string | null;
  callback_token: string | null;
  user_callback: string | null;
  user_notified: string | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tasks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  job_id TEXT NOT NULL UNIQUE,
  task_type TEXT NOT NULL,
  status TEXT NOT NULL,
  prompt TEXT NOT NULL,
  request TEXT NOT NULL,
  parent_job_id TEXT,
  parent_image_no INTEGER,
  favourite INTEGER NOT NULL DEFAULT 0,
  hidden INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  task TEXT NOT NULL,
  upstream_output TEXT,
  callback_token TEXT UNIQUE,
  user_callback TEXT,
  user_notified TEXT
);
CREATE INDEX IF NOT EXISTS tasks_parent ON tasks (parent_job_id, id);
CREATE INDEX IF NOT EXISTS tasks_open ON tasks (status) WHERE status NOT IN ('completed', 'failed');
CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
`;

export class Store {
  readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  close() {
    this.db.close();
  }

  private readonly statements = new Map<string, Database.Statement>();

  /** Prepared once per SQL text: compiling a statement costs more than running it. */
  private stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Records a task created upstream. A job_id seen before keeps its row (never duplicated). */
  insert(input: NewTask): StudioTask {
    const now = new Date().toISOString();
    const { request } = input;
    const parentJobId = typeof request.jobId === 'string' ? request.jobId : null;
    const parentImageNo = typeof request.imageNo === 'number' ? request.imageNo : null;
    this.stmt(
      `INSERT INTO tasks (job_id, task_type, status, prompt, request, parent_job_id, parent_image_no,
           created_at, updated_at, task, callback_token, user_callback)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (job_id) DO NOTHING`,
    ).run(
      input.task.job_id,
      OPERATIONS[input.operation].taskType,
      input.task.status,
      promptOf(request),
      JSON.stringify(request),
      parentJobId,
      parentImageNo,
      now,
      now,
      JSON.stringify(input.task),
      input.callbackToken,
      input.userCallback,
    );
    return this.get(input.task.job_id)!;
  }

  get(jobId: string): StudioTask | undefined {
    const row = this.stmt('SELECT * FROM tasks WHERE job_id = ?').get(jobId) as TaskRow | undefined;
    return row && this.toStudioTask(row);
  }

  /** The latest task object alone, as Get Task answers it. */
  getTask(jobId: string): Task | undefined {
    const row = this.stmt('SELECT task FROM tasks WHERE job_id = ?').get(jobId) as
      { task: string } | undefined;
    return row && (JSON.parse(row.task) as Task);
  }

  jobIdForCallbackToken(token: string): string | undefined {
    const row = this.stmt('SELECT job_id FROM tasks WHERE callback_token = ?').get(token) as
      { job_id: string } | undefined;
    return row?.job_id;
  }

  /**
   * Stores a newer state of a task. Returns false (and changes nothing) when it would move the task
   * backwards or the task is already terminal: a stale read or a late callback.
   */
  advance(jobId: string, task: Task, upstreamOutput?: Record<string, unknown>): boolean {
    const current = this.stmt('SELECT status, task FROM tasks WHERE job_id = ?').get(jobId) as
      { status: TaskStatus; task: string } | undefined;
    if (!current) return false;
    const from = STATUS_RANK[current.status];
    const to = STATUS_RANK[task.status];
    if (from === 3 || to < from) return false;
    if (to === from && current.task === JSON.stringify(task)) return false;
    this.stmt(
      `UPDATE tasks SET status = ?, task = ?, upstream_output = COALESCE(?, upstream_output), updated_at = ?
         WHERE job_id = ?`,
    ).run(
      task.status,
      JSON.stringify(task),
      upstreamOutput ? JSON.stringify(upstreamOutput) : null,
      new Date().toISOString(),
      jobId,
    );
    return true;
  }

  setFlags(jobId: string, flags: { favourite?: boolean; hidden?: boolean }): StudioTask | undefined {
    const sets: string[] = [];
    const values: number[] = [];
    if (flags.favourite !== undefined) {
      sets.push('favourite = ?');
      values.push(flags.favourite ? 1 : 0);
    }
    if (flags.hidden !== undefined) {
      sets.push('hidden = ?');
      values.push(flags.hidden ? 1 : 0);
    }
    if (sets.length) {
      this.db
        .prepare(`UPDATE tasks SET ${sets.join(', ')}, updated_at = ? WHERE job_id = ?`)
        .run(...values, new Date().toISOString(), jobId);
    }
    return this.get(jobId);
  }

  /** Unfinished tasks, oldest first: what the follower keeps moving. */
  openTasks(): { jobId: string; createdAt: string }[] {
    const rows = this.stmt(
      `SELECT job_id, created_at FROM tasks WHERE status NOT IN ('completed', 'failed') ORDER BY id`,
    ).all() as { job_id: string; created_at: string }[];
    return rows.map((r) => ({ jobId: r.job_id, createdAt: r.created_at }));
  }

  /** The user's own callback, once per terminal state: true when this call claims the notification. */
  claimUserNotification(jobId: string, status: TaskStatus): string | null {
    const row = this.stmt(
      `UPDATE tasks SET user_notified = ? WHERE job_id = ? AND user_callback IS NOT NULL
           AND (user_notified IS NULL OR user_notified <> ?) RETURNING user_callback`,
    ).get(status, jobId, status) as { user_callback: string } | undefined;
    return row?.user_callback ?? null;
  }

  list(filter: TaskListFilter): TaskList {
    const where: string[] = [];
    const params: (string | number)[] = [];
    const cursor = decodeCursor(filter.cursor);
    if (filter.cursor && cursor === null)
      throw new Failure(
        400,
        errorBody(400, 'Invalid request parameters: cursor is not one this server gave', {
          fields: [{ field: 'cursor', message: 'is not one this server gave' }],
        }),
      );
    if (cursor !== null) {
      where.push('id < ?');
      params.push(cursor);
    }
    if (filter.type?.length) {
      where.push(`task_type IN (${filter.type.map(() => '?').join(',')})`);
      params.push(...filter.type);
    }
    if (filter.status?.length) {
      where.push(`status IN (${filter.status.map(() => '?').join(',')})`);
      params.push(...filter.status);
    }
    if (filter.favourite !== undefined) {
      where.push('favourite = ?');
      params.push(filter.favourite ? 1 : 0);
    }
    // Hidden tasks are left out unless asked for; a lineage view (`parent`) shows them too.
    if (!filter.hidden && !filter.parent) where.push('hidden = 0');
    if (filter.q?.trim()) {
      where.push(`prompt LIKE ? ESCAPE '\\'`);
      params.push(`%${filter.q.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    }
    if (filter.parent) {
      where.push('parent_job_id = ?');
      params.push(filter.parent);
    }
    const sql = `SELECT * FROM tasks ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    const rows = this.stmt(sql).all(...params, filter.limit + 1) as TaskRow[];
    const page = rows.slice(0, filter.limit);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => this.toStudioTask(row)),
      nextCursor: rows.length > filter.limit && last ? encodeCursor(last.id) : null,
    };
  }

  count(): number {
    return (this.stmt('SELECT COUNT(*) AS n FROM tasks').get() as { n: number }).n;
  }

  // Sessions of the studio password; only a hash of the cookie value is kept.
  addSession(tokenHash: string, expiresAt: number) {
    this.stmt('DELETE FROM sessions WHERE expires_at < ?').run(Date.now());
    this.stmt('INSERT OR REPLACE INTO sessions (token_hash, expires_at) VALUES (?, ?)').run(
      tokenHash,
      expiresAt,
    );
  }

  hasSession(tokenHash: string): boolean {
    return !!this.stmt('SELECT 1 FROM sessions WHERE token_hash = ? AND expires_at > ?').get(
      tokenHash,
      Date.now(),
    );
  }

  removeSession(tokenHash: string) {
    this.stmt('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
  }

  private toStudioTask(row: TaskRow): StudioTask {
    const children = this.stmt('SELECT job_id FROM tasks WHERE parent_job_id = ? ORDER BY id DESC').all(
      row.job_id,
    ) as { job_id: string }[];
    return {
      jobId: row.job_id,
      taskType: row.task_type,
      status: row.status,
      prompt: row.prompt,
      request: JSON.parse(row.request) as Record<string, unknown>,
      parentJobId: row.parent_job_id,
      parentImageNo: row.parent_image_no,
      favourite: row.favourite === 1,
      hidden: row.hidden === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      task: JSON.parse(row.task) as Task,
      upstreamOutput: row.upstream_output
        ? (JSON.parse(row.upstream_output) as Record<string, unknown>)
        : null,
      childJobIds: children.map((c) => c.job_id),
    };
  }
}

// Cursors are opaque to the studio: the row id, base64url so nobody is tempted to do arithmetic on it.
function encodeCursor(id: number): string {
  return Buffer.from(`t${id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): number | null {
  if (!cursor) return null;
  const m = /^t(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return m ? Number(m[1]) : null;
}

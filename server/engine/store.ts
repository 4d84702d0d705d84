import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Task, TaskStatus } from '../../src/contract/task';
import type { RenderPlan, TaskFiles } from './plan';

// The engine's memory: tasks (the task object as the API shows it, plus what to render and what was
// rendered), the points ledger and pending callback deliveries, in one SQLite file (WAL).

export interface StoredTask {
  jobId: string;
  task: Task;
  plan: RenderPlan;
  /** Random folder name under files/ that makes the output URLs unguessable. */
  token: string;
  /** The seed the outputs are drawn from. */
  seed: number;
  files: TaskFiles | null;
  /** The prompt the designer typed (for the failure trigger). */
  prompt: string;
}

export interface CallbackDelivery {
  id: number;
  jobId: string;
  url: string;
  payload: string;
  attempts: number;
  nextAt: number;
}

export class EngineStore {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(dataDir: string, startingPoints: number) {
    this.db = new Database(join(dataDir, 'engine.sqlite'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS tasks (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL,
        task_json TEXT NOT NULL,
        plan_json TEXT NOT NULL,
        token TEXT NOT NULL,
        seed INTEGER NOT NULL,
        prompt TEXT NOT NULL,
        files_json TEXT
      );
      CREATE INDEX IF NOT EXISTS tasks_status ON tasks (status);
      CREATE TABLE IF NOT EXISTS ledger (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT,
        delta INTEGER NOT NULL,
        reason TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS callbacks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL,
        url TEXT NOT NULL,
        payload TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending',
        last_error TEXT
      );
      CREATE INDEX IF NOT EXISTS callbacks_due ON callbacks (state, next_at);
    `);
    // The starting balance is written once, when the store is new; later starts keep the ledger.
    this.db
      .prepare(`INSERT OR IGNORE INTO settings (key, value) VALUES ('starting_points', ?)`)
      .run(String(startingPoints));
  }

  close() {
    this.db.close();
  }

  balance(): number {
    const start = Number(
      (this.sql(`SELECT value FROM settings WHERE key = 'starting_points'`).get() as { value: string }).value,
    );
    const { spent } = this.sql(`SELECT COALESCE(SUM(delta), 0) AS spent FROM ledger`).get() as {
      spent: number;
    };
    return start + spent;
  }

  lastLedgerChange(): string | null {
    const row = this.sql(`SELECT at FROM ledger ORDER BY id DESC LIMIT 1`).get() as
      { at: string } | undefined;
    return row?.at ?? null;
  }

  /**
   * Freezes the task's points and stores it, atomically: either both happen or neither.
   * Returns false (and stores nothing) when the balance cannot cover the frozen amount.
   */
  insertWithFreeze(stored: StoredTask): boolean {
    const frozen = stored.task.meta.usage.frozen;
    return this.db
      .transaction(() => {
        if (this.balance() < frozen) return false;
        this.sql(
          `INSERT INTO tasks (job_id, status, task_json, plan_json, token, seed, prompt, files_json)
           VALUES (?, ?, ?, ?, ?, ?, ?, NULL)`,
        ).run(
          stored.jobId,
          stored.task.status,
          JSON.stringify(stored.task),
          JSON.stringify(stored.plan),
          stored.token,
          stored.seed,
          stored.prompt,
        );
        this.sql(`INSERT INTO ledger (job_id, delta, reason, at) VALUES (?, ?, 'freeze', ?)`).run(
          stored.jobId,
          -frozen,
          new Date().toISOString(),
        );
        return true;
      })
      .immediate();
  }

  get(jobId: string): StoredTask | null {
    const row = this.sql(`SELECT * FROM tasks WHERE job_id = ?`).get(jobId) as TaskRow | undefined;
    return row ? fromRow(row) : null;
  }

  /** Tasks that have not finished, oldest first (processing before the rest, to resume them first). */
  unfinished(): StoredTask[] {
    const rows = this.sql(
      `SELECT * FROM tasks WHERE status IN ('pending', 'staged', 'processing')
         ORDER BY CASE status WHEN 'processing' THEN 0 ELSE 1 END, seq`,
    ).all() as TaskRow[];
    return rows.map(fromRow);
  }

  countWaiting(): number {
    const { n } = this.sql(`SELECT COUNT(*) AS n FROM tasks WHERE status IN ('pending', 'staged')`).get() as {
      n: number;
    };
    return n;
  }

  update(jobId: string, task: Task, files: TaskFiles | null = null) {
    this.sql(
      `UPDATE tasks SET status = ?, task_json = ?, files_json = COALESCE(?, files_json) WHERE job_id = ?`,
    ).run(task.status, JSON.stringify(task), files ? JSON.stringify(files) : null, jobId);
  }

  /** Marks a task failed and gives its frozen points back, in one transaction. */
  failWithRefund(jobId: string, task: Task) {
    this.db.transaction(() => {
      this.update(jobId, task);
      this.sql(`INSERT INTO ledger (job_id, delta, reason, at) VALUES (?, ?, 'refund', ?)`).run(
        jobId,
        task.meta.usage.frozen,
        new Date().toISOString(),
      );
    })();
  }

  /** Stores the final task and its callback delivery together, so a crash cannot lose the callback. */
  finish(
    jobId: string,
    task: Task,
    files: TaskFiles | null,
    callback: { url: string; payload: string } | null,
    refund: boolean,
  ) {
    this.db.transaction(() => {
      if (refund) this.failWithRefund(jobId, task);
      else this.update(jobId, task, files);
      if (callback)
        this.sql(`INSERT INTO callbacks (job_id, url, payload, next_at) VALUES (?, ?, ?, ?)`).run(
          jobId,
          callback.url,
          callback.payload,
          Date.now(),
        );
    })();
  }

  dueCallbacks(now: number, limit = 20): CallbackDelivery[] {
    const rows = this.sql(
      `SELECT id, job_id, url, payload, attempts, next_at FROM callbacks WHERE state = 'pending' AND next_at <= ? ORDER BY next_at LIMIT ?`,
    ).all(now, limit) as {
      id: number;
      job_id: string;
      url: string;
      payload: string;
      attempts: number;
      next_at: number;
    }[];
    return rows.map((r) => ({
      id: r.id,
      jobId: r.job_id,
      url: r.url,
      payload: r.payload,
      attempts: r.attempts,
      nextAt: r.next_at,
    }));
  }

  nextCallbackAt(): number | null {
    const row = this.sql(`SELECT MIN(next_at) AS at FROM callbacks WHERE state = 'pending'`).get() as {
      at: number | null;
    };
    return row.at;
  }

  callbackDelivered(id: number, attempts: number) {
    this.sql(`UPDATE callbacks SET state = 'delivered', attempts = ? WHERE id = ?`).run(attempts, id);
  }

  callbackFailed(id: number, attempts: number, error: string, nextAt: number | null) {
    this.sql(
      `UPDATE callbacks SET attempts = ?, last_error = ?, next_at = COALESCE(?, next_at), state = ? WHERE id = ?`,
    ).run(attempts, error.slice(0, 500), nextAt, nextAt === null ? 'abandoned' : 'pending', id);
  }

  /** Prepared once, run many times: the runner and every request read the store. */
  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }
}

interface TaskRow {
  job_id: string;
  task_json: string;
  plan_json: string;
  token: string;
  seed: number;
  prompt: string;
  files_json: string | null;
}

function fromRow(row: TaskRow): StoredTask {
  return {
    jobId: row.job_id,
    task: JSON.parse(row.task_json) as Task,
    plan: JSON.parse(row.plan_json) as RenderPlan,
    token: row.token,
    seed: row.seed,
    prompt: row.prompt,
    files: row.files_json ? (JSON.parse(row.files_json) as TaskFiles) : null,
  };
}

export type { TaskStatus };

/**
 * The dataset as one SQLite database: a typed table per CSV (named after the file), primary keys,
 * foreign keys and indexes on them, so it opens in Datasette or any SQL client as it is. Built
 * with sql.js (SQLite compiled to WebAssembly, no install script); the same rows in the same order
 * give the same bytes.
 */
import { createRequire } from 'node:module';
import initSqlJs from 'sql.js';
import type { Dataset } from '../../dataset/load-dataset.ts';
import { tables, type TableDefinition } from '../../dataset/tables.ts';

const require = createRequire(import.meta.url);
// Loaded once per process, by whatever imports the artefacts (build and validate); the gateway never does.
const SQL = await initSqlJs({ locateFile: (file) => require.resolve(`sql.js/dist/${file}`) });

/** The SQL table a dataset table becomes: its CSV file's name (`card_rewards.csv` → `card_rewards`). */
export function sqlTableName(table: TableDefinition): string {
  return table.file.replace(/\.csv$/, '');
}

interface Column {
  readonly name: string;
  readonly type: 'TEXT' | 'INTEGER' | 'REAL';
  readonly nullable: boolean;
  readonly values?: readonly string[];
}

/** The SQL type of a column from its JSON Schema; lists are stored `;`-separated as in the CSV. */
function columnOf(name: string, schema: { type?: string | readonly string[]; enum?: readonly unknown[] }): Column {
  const types = [schema.type ?? []].flat();
  const nullable = types.includes('null') || (schema.enum?.includes(null) ?? false);
  const values = schema.enum?.filter((v): v is string => typeof v === 'string');
  const type = types.includes('integer') ? 'INTEGER' : types.includes('number') ? 'REAL' : 'TEXT';
  return { name, type, nullable, ...(values ? { values } : {}) };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The references SQL can state: a `;`-separated list column (search_terms.csv `mccs`) holds several keys in one cell. */
function singleReferences(table: TableDefinition): NonNullable<TableDefinition['references']> {
  return (table.references ?? []).filter((ref) => !table.lists?.includes(ref.column));
}

function createStatement(table: TableDefinition, columns: readonly Column[]): string {
  const lines = columns.map(
    (c) =>
      `  ${quote(c.name)} ${c.type}${c.nullable ? '' : ' NOT NULL'}` +
      (c.values ? ` CHECK (${quote(c.name)} IN (${c.values.map(literal).join(', ')}))` : ''),
  );
  const keyNullable = table.key.some((k) => columns.find((c) => c.name === k)?.nullable);
  lines.push(`  ${keyNullable ? 'UNIQUE' : 'PRIMARY KEY'} (${table.key.map(quote).join(', ')})`);
  for (const ref of singleReferences(table)) {
    const target = tables.find((t) => t.name === ref.table)!;
    lines.push(`  FOREIGN KEY (${quote(ref.column)}) REFERENCES ${quote(sqlTableName(target))} (${quote(ref.key)})`);
  }
  return `CREATE TABLE ${quote(sqlTableName(table))} (\n${lines.join(',\n')}\n);`;
}

/** The database file of a validated dataset. */
export function createDatabase(dataset: Dataset): Buffer {
  const db = new SQL.Database();
  try {
    db.run('PRAGMA foreign_keys = ON;');
    for (const table of tables) {
      const properties = table.schema.properties as Record<string, { type?: string | readonly string[]; enum?: readonly unknown[] }>;
      const columns = Object.entries(properties).map(([name, schema]) => columnOf(name, schema));
      db.run(createStatement(table, columns));
      for (const ref of singleReferences(table))
        db.run(`CREATE INDEX ${quote(`${sqlTableName(table)}_${ref.column}`)} ON ${quote(sqlTableName(table))} (${quote(ref.column)});`);
      const insert = db.prepare(
        `INSERT INTO ${quote(sqlTableName(table))} (${columns.map((c) => quote(c.name)).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      db.run('BEGIN');
      for (const { row } of dataset[table.name] as readonly { row: Record<string, unknown> }[]) {
        insert.run(
          columns.map((c) => {
            const value = row[c.name];
            if (Array.isArray(value)) return value.join(';');
            return value === undefined ? null : (value as string | number | null);
          }),
        );
      }
      db.run('COMMIT');
      insert.free();
    }
    const broken = db.exec('PRAGMA foreign_key_check;');
    if (broken.length > 0) throw new Error(`the database breaks ${broken[0]?.values.length} foreign keys`);
    return Buffer.from(db.export());
  } finally {
    db.close();
  }
}

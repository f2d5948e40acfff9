// Which of our value kinds each top-level column of a Parquet schema maps onto (README "Parquet
// input"): integers, floats and decimals → numeric; strings, enums and dictionary-encoded strings →
// text (categorical); booleans; DATE, TIMESTAMP and INT96 → date. Nested columns (lists, maps,
// structs) and types with no flat reading (JSON, BSON, INTERVAL, geometry, variant) are refused,
// naming the column.
import type { SchemaElement, SchemaTree } from 'hyparquet' with { 'resolution-mode': 'import' };
import { InputError } from '../../engine/errors';
import type { ValueKind } from '../../engine/table/typed-column';

export interface ParquetColumn {
  readonly name: string;
  readonly kind: ValueKind;
}

/** The top-level columns of a file's schema (hyparquet's parquetSchema), each with its kind. */
export function parquetColumns(schema: SchemaTree): ParquetColumn[] {
  return schema.children.map((child) => ({ name: child.element.name, kind: columnKind(child) }));
}

function columnKind(tree: SchemaTree): ValueKind {
  const e = tree.element;
  const logical = e.logical_type?.type;
  if (tree.children.length > 0 || e.repetition_type === 'REPEATED' || logical === 'LIST' || logical === 'MAP') {
    const what = logical === 'LIST' || e.converted_type === 'LIST' || e.repetition_type === 'REPEATED' ? 'a list' : logical === 'MAP' || e.converted_type === 'MAP' ? 'a map' : 'a struct';
    throw refused(e, `holds nested values (${what}); only flat columns can be read: write the table without it or flatten it`);
  }
  const kind = flatKind(e);
  if (kind === null) throw refused(e, `has the Parquet type ${typeName(e)}, which has no reading here (numbers, text, booleans, dates and timestamps do)`);
  return kind;
}

function flatKind(e: SchemaElement): ValueKind | null {
  const logical = e.logical_type?.type;
  const converted = e.converted_type;
  if (logical === 'DATE' || logical === 'TIMESTAMP' || converted === 'DATE' || converted === 'TIMESTAMP_MILLIS' || converted === 'TIMESTAMP_MICROS') return 'date';
  if (e.type === 'INT96' && converted === undefined) return 'date';
  if (logical === 'DECIMAL' || converted === 'DECIMAL' || logical === 'FLOAT16') return 'numeric';
  if (logical === 'STRING' || logical === 'ENUM' || logical === 'UUID' || converted === 'UTF8' || converted === 'ENUM') return 'text';
  if (logical !== undefined && logical !== 'INTEGER' && logical !== 'TIME') return null;
  if (converted === 'JSON' || converted === 'BSON' || converted === 'INTERVAL') return null;
  switch (e.type) {
    case 'BOOLEAN':
      return 'boolean';
    case 'INT32':
    case 'INT64':
    case 'FLOAT':
    case 'DOUBLE':
      // A time of day (TIME) reads as its count of units since midnight.
      return 'numeric';
    case 'BYTE_ARRAY':
      // Unannotated byte arrays are text in practice (hyparquet decodes them as UTF-8).
      return 'text';
    default:
      return null;
  }
}

function typeName(e: SchemaElement): string {
  return e.logical_type?.type ?? e.converted_type ?? e.type ?? 'group';
}

function refused(e: SchemaElement, why: string): InputError {
  return new InputError('bad-value', `column ${JSON.stringify(e.name)} ${why}`);
}

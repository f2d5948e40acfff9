// Writing a model as ONNX (docs/cli.md "ONNX export"): `rules --format onnx --out F` and
// `train --out F.onnx`. The file is written only once the whole export succeeded, so a model the
// operator cannot express leaves nothing behind.
import { writeFile } from 'node:fs/promises';
import { exportOnnx } from '../engine/export/onnx';
import type { ForestModel } from '../engine/forest/types';
import type { TreeModel } from '../engine/model';

export const isOnnxName = (file: string): boolean => /\.onnx$/i.test(file);

export async function writeOnnx(file: string, model: TreeModel | ForestModel): Promise<void> {
  await writeFile(file, exportOnnx(model));
}

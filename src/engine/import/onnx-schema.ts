// Field numbers and enum values of onnx.proto (github.com/onnx/onnx/blob/main/onnx/onnx.proto) that
// the ONNX reader (onnx.ts) and the ONNX export (../export/onnx.ts) use: declared once here.

export const MODEL = { irVersion: 1, producerName: 2, producerVersion: 3, docString: 6, graph: 7, opsetImport: 8, metadataProps: 14 } as const;
export const OPSET_ID = { domain: 1, version: 2 } as const;
export const STRING_ENTRY = { key: 1, value: 2 } as const;
export const GRAPH = { node: 1, name: 2, initializer: 5, docString: 10, input: 11, output: 12 } as const;
export const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, docString: 6, domain: 7 } as const;
export const ATTRIBUTE = { name: 1, f: 2, i: 3, s: 4, t: 5, floats: 7, ints: 8, strings: 9, type: 20 } as const;
/** AttributeProto.AttributeType. */
export const ATTRIBUTE_TYPE = { float: 1, int: 2, string: 3, tensor: 4, floats: 6, ints: 7, strings: 8 } as const;
export const TENSOR = { dims: 1, dataType: 2, floatData: 4, int64Data: 7, name: 8, rawData: 9, doubleData: 10 } as const;
/** TensorProto.DataType. */
export const ELEM_TYPE = { float: 1, string: 8, int64: 7, double: 11 } as const;
export const VALUE_INFO = { name: 1, type: 2, docString: 3 } as const;
export const TYPE = { tensorType: 1 } as const;
export const TENSOR_TYPE = { elemType: 1, shape: 2 } as const;
export const SHAPE = { dim: 1 } as const;
export const DIMENSION = { value: 1, param: 2 } as const;

/** Key of the metadata entry in which our ONNX export lists its input columns (name, type, categories) as JSON. */
export const EXPORT_COLUMNS_KEY = 'decision-tree-explorer.input-columns';

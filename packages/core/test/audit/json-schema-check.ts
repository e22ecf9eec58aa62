/**
 * A small JSON Schema validator for the keywords the report schema uses (type, const, enum,
 * properties, required, additionalProperties, items, minItems, propertyNames, minimum,
 * maximum, exclusiveMinimum, pattern). Returns the problems found, as `path: problem`.
 */
export function jsonSchemaProblems(schema: Record<string, unknown>, value: unknown, path = '$'): string[] {
  const problems: string[] = [];
  const fail = (problem: string): void => void problems.push(`${path}: ${problem}`);
  const known = new Set([
    '$schema',
    'title',
    'description',
    'type',
    'const',
    'enum',
    'properties',
    'required',
    'additionalProperties',
    'items',
    'minItems',
    'propertyNames',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'pattern',
    'format',
  ]);
  for (const key of Object.keys(schema))
    if (!known.has(key)) fail(`schema keyword ${key} not supported by this checker`);

  const type = schema.type as string | undefined;
  if (type !== undefined) {
    const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    const ok = type === 'integer' ? Number.isInteger(value) : type === actual;
    if (!ok) return [...problems, `${path}: expected ${type}, got ${actual}`];
  }
  if ('const' in schema && value !== schema.const) fail(`expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    fail(`${JSON.stringify(value)} not in ${JSON.stringify(schema.enum)}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) fail(`below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) fail(`above ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      fail(`not above ${schema.exclusiveMinimum}`);
  }
  if (typeof value === 'string' && typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
    fail(`does not match ${schema.pattern}`);
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      fail(`fewer than ${schema.minItems} items`);
    if (schema.items)
      value.forEach((item, index) =>
        problems.push(...jsonSchemaProblems(schema.items as Record<string, unknown>, item, `${path}[${index}]`)),
      );
  }
  if (type === 'object' && typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in record)) fail(`missing ${key}`);
    for (const [key, item] of Object.entries(record)) {
      if (schema.propertyNames)
        problems.push(...jsonSchemaProblems(schema.propertyNames as Record<string, unknown>, key, `${path}{${key}}`));
      if (key in properties) problems.push(...jsonSchemaProblems(properties[key]!, item, `${path}.${key}`));
      else if (schema.additionalProperties === false) fail(`unexpected property ${key}`);
      else if (typeof schema.additionalProperties === 'object')
        problems.push(
          ...jsonSchemaProblems(schema.additionalProperties as Record<string, unknown>, item, `${path}.${key}`),
        );
    }
  }
  return problems;
}

/**
 * Redocly's linter (the engine `npx @redocly/cli lint` runs) with its recommended rules, over an
 * OpenAPI document as served: each problem, errors and warnings alike, as one line.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';

export async function lintOpenApi(source: string): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
  return problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '#'}: ${problem.message}`);
}

import { DATASET_DESCRIPTORS } from '../domain/tables/datasetDescriptors';
import type { Tool } from './toolCatalog';

type JsonSchema = Record<string, unknown>;

/**
 * The tools of the datasets a descriptor serves (src/domain/tables/datasetDescriptors.ts), each of one shape, listed as
 * two: one for rows of a trading day, one for what is announced, a `dataset` argument naming the route. Listed one
 * by one they cost every agent about 320 characters each before its first call; grouped, a dataset more costs its
 * name. `search_endpoints` still describes each route, and the compact shape's `call_endpoint` reaches each.
 */
export interface ToolGroup {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required: string[] };
  /** The route's tool by dataset name, and the parameter `day` stands for (an announced route's own day). */
  members: Map<string, { tool: Tool; day: string | null }>;
}

const GROUPS = [
  {
    name: 'get_market_dataset',
    by: 'session',
    description:
      "Rows of trading days from one of the datasets named by `dataset` (Tushare's layouts, money in yuan): one security over time (`symbol`), the whole market of a day (`date`), or both. search_endpoints describes each.",
  },
  {
    name: 'get_disclosures',
    by: 'announcement',
    description:
      'What companies and funds announce, from one of the datasets named by `dataset`, point in time (`as_of`): one security over time (`symbol`), the whole market of one day or period (`day`), or both. search_endpoints describes each.',
  },
] as const;

/** A route's dataset name: its tool's name without `get_` (get_money_flow → money_flow). */
const datasetName = (tool: Tool) => tool.name.replace(/^get_/, '');

/** The groups of the dataset tools, and the tools listed on their own. */
export function groupTools(tools: readonly Tool[]): { groups: ToolGroup[]; alone: Tool[] } {
  const byOperation = new Map(tools.map((tool) => [tool.operation.operationId, tool]));
  const grouped = new Set<Tool>();
  const groups = GROUPS.map(({ name, by, description }) => {
    const members = new Map<string, { tool: Tool; day: string | null }>();
    for (const { route } of DATASET_DESCRIPTORS) {
      const tool = route?.by === by ? byOperation.get(route.operationId) : undefined;
      if (tool === undefined) continue;
      members.set(datasetName(tool), { tool, day: route!.by === 'announcement' ? route!.wire : null });
      grouped.add(tool);
    }
    const properties: Record<string, JsonSchema> = { dataset: { enum: [...members.keys()] } };
    for (const { tool, day } of members.values())
      for (const [parameter, schema] of Object.entries(tool.inputSchema.properties))
        properties[parameter === day ? 'day' : parameter] ??= schema;
    return { name, description, inputSchema: { type: 'object' as const, properties, required: ['dataset'] }, members };
  });
  return { groups, alone: tools.filter((tool) => !grouped.has(tool)) };
}

/**
 * A group's call as its member's: the dataset's tool, with `day` under the route's own name. An unknown dataset
 * is the caller's error, named with the choices.
 */
export function memberCall(
  group: ToolGroup,
  args: Record<string, unknown>,
): { tool: Tool; args: Record<string, unknown> } | string {
  const { dataset, day, ...rest } = args;
  const member = group.members.get(String(dataset));
  if (member === undefined)
    return `error invalid_parameter: dataset must be one of ${[...group.members.keys()].join(', ')}`;
  return { tool: member.tool, args: day === undefined ? rest : { ...rest, [member.day ?? 'date']: day } };
}

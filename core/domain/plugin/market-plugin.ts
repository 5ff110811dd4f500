import { JsonObject, JsonSchema } from '../../shared/json';
import { CapabilityName, ToolExample } from '../tool/tool-descriptor';
import { ToolCategory } from '../tool/tool-category';

/** A plugin shipped in the market folder (`plugins/market/<id>/`), ready to install. */
export interface MarketPlugin {
  id: string;
  name: string;
  version: string;
  publisher: string;
  description: string;
  category: ToolCategory;
  /** Declared capability names, sorted. */
  capabilities: CapabilityName[];
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  examples: ToolExample[];
  /** The manifest and the built bundle, as installing registers them. */
  manifest: JsonObject;
  code: string;
}

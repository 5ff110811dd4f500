import { inject, injectable } from 'inversify';
import { LLM_PROVIDER, LlmProvider } from '../../../ports/llm-provider.port';
import { AgentCaller } from '../../agents/agent-caller.service';
import { ToolRunner } from '../../tools/tool-runner.service';
import { AgentNode } from './agent-node';
import { LlmNode } from './llm-node';
import { NodeType } from './node-type';
import { templateNode } from './template-node';
import { ToolNode } from './tool-node';

/** The node types that compute a value (a model call, a tool, a template…) from their inputs. */
@injectable()
export class LeafNodeTypes {
  private readonly types: NodeType[];

  constructor(
    @inject(LLM_PROVIDER) llm: LlmProvider,
    @inject(AgentCaller) agents: Pick<AgentCaller, 'call'>,
    @inject(ToolRunner) tools: Pick<ToolRunner, 'use'>,
  ) {
    this.types = [templateNode, new LlmNode(llm), new AgentNode(agents), new ToolNode(tools)];
  }

  all(): NodeType[] {
    return this.types;
  }
}

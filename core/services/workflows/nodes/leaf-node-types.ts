import { inject, injectable } from 'inversify';
import { LLM_PROVIDER, LlmProvider } from '../../../ports/llm-provider.port';
import { AgentCaller } from '../../agents/agent-caller.service';
import { ToolRunner } from '../../tools/tool-runner.service';
import { AgentNode } from './agent-node';
import { answerNode } from './answer-node';
import { ClassifierNode } from './classifier-node';
import { CodeNode } from './code-node';
import { DelayNode } from './delay-node';
import { ExtractorNode } from './extractor-node';
import { FileReadNode } from './file-read-node';
import { FileWriteNode } from './file-write-node';
import { HttpNode } from './http-node';
import { JsonTransformNode } from './json-transform-node';
import { KnowledgeRetrievalNode } from './knowledge-retrieval-node';
import { LeafNodePorts, LeafNodePortSet } from './leaf-node-ports';
import { LlmNode } from './llm-node';
import { ModelJsonCall } from './model-json-call';
import { NodeType } from './node-type';
import { templateNode } from './template-node';
import { ToolNode } from './tool-node';
import { variableAssignNode } from './variable-assign-node';

/** The node types that compute a value (a model call, a tool, a template…) from their inputs. */
@injectable()
export class LeafNodeTypes {
  private readonly types: NodeType[];

  constructor(
    @inject(LLM_PROVIDER) llm: LlmProvider,
    @inject(AgentCaller) agents: Pick<AgentCaller, 'call'>,
    @inject(ToolRunner) tools: Pick<ToolRunner, 'use'>,
    @inject(LeafNodePortSet) ports: LeafNodePorts,
  ) {
    const modelJson = new ModelJsonCall(llm, ports.json);
    this.types = [
      templateNode,
      answerNode,
      variableAssignNode,
      new LlmNode(llm),
      new AgentNode(agents),
      new ToolNode(tools),
      new ClassifierNode(modelJson),
      new ExtractorNode(modelJson, ports.schemas),
      new KnowledgeRetrievalNode(ports.knowledge),
      new HttpNode(ports.egress, ports.throttle),
      new CodeNode(ports.kernel, ports.throttle),
      new JsonTransformNode(ports.paths),
      new FileReadNode(ports.files),
      new FileWriteNode(ports.files, ports.quotas),
      new DelayNode(ports.timers),
    ];
  }

  all(): NodeType[] {
    return this.types;
  }
}

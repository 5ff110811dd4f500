import { CharTest, RegexNode, RegexSyntaxError } from './regex-syntax';

export type Instruction =
  | { op: 'char'; test: CharTest }
  | { op: 'split'; first: number; second: number }
  | { op: 'jump'; to: number }
  | { op: 'assert'; at: 'start' | 'end' | 'word' | 'not_word' }
  | { op: 'match' };

/** Past this many instructions a pattern is refused (bounded repetitions multiply their body). */
export const MAX_PROGRAM = 4000;

/** Thompson construction: a program for a Pike VM, whose run time is linear in the input. */
export function compileRegex(node: RegexNode): Instruction[] {
  const program: Instruction[] = [];
  emit(node, program);
  program.push({ op: 'match' });
  return program;
}

function emit(node: RegexNode, program: Instruction[]): void {
  if (program.length > MAX_PROGRAM) throw new RegexSyntaxError('The pattern is too complex');
  switch (node.kind) {
    case 'char':
      program.push({ op: 'char', test: node.test });
      return;
    case 'assert':
      program.push({ op: 'assert', at: node.at });
      return;
    case 'concat':
      for (const item of node.items) emit(item, program);
      return;
    case 'alt':
      emitAlternation(node.options, program);
      return;
    case 'repeat':
      emitRepeat(node.node, node.min, node.max, program);
      return;
  }
}

function emitAlternation(options: RegexNode[], program: Instruction[]): void {
  const jumps: Array<{ op: 'jump'; to: number }> = [];
  options.forEach((option, index) => {
    const last = index === options.length - 1;
    const split = last ? undefined : { op: 'split' as const, first: program.length + 1, second: -1 };
    if (split) program.push(split);
    emit(option, program);
    if (split) {
      const jump = { op: 'jump' as const, to: -1 };
      program.push(jump);
      jumps.push(jump);
      split.second = program.length;
    }
  });
  for (const jump of jumps) jump.to = program.length;
}

function emitRepeat(body: RegexNode, min: number, max: number, program: Instruction[]): void {
  for (let i = 0; i < min; i += 1) emit(body, program);
  if (max === Infinity) {
    const loop = program.length;
    const split = { op: 'split' as const, first: loop + 1, second: -1 };
    program.push(split);
    emit(body, program);
    program.push({ op: 'jump', to: loop });
    split.second = program.length;
    return;
  }
  const exits: Array<{ op: 'split'; first: number; second: number }> = [];
  for (let i = min; i < max; i += 1) {
    const split = { op: 'split' as const, first: program.length + 1, second: -1 };
    program.push(split);
    exits.push(split);
    emit(body, program);
  }
  for (const split of exits) split.second = program.length;
}

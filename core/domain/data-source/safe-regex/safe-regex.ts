import { parseRegex } from './regex-parser';
import { compileRegex, Instruction } from './regex-program';
import { RegexFlags, RegexSyntaxError } from './regex-syntax';

export { RegexSyntaxError };

/** Counts matcher steps across many tests so one query's regex work stays bounded. */
export interface StepBudget {
  /** Called with the steps just spent; throws when the budget is gone. */
  spend(steps: number): void;
}

const isWordCode = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isLineBreak = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/**
 * A regular expression that runs in time linear in its input (a Pike VM over a Thompson
 * program), so a pattern from a query cannot stall the host the way backtracking
 * `RegExp` can (`(a+)+$`). Semantics follow JavaScript for the supported subset; flags
 * `i`, `m` and `s`. `test` answers whether the pattern matches anywhere in the text.
 */
export class SafeRegex {
  private readonly program: Instruction[];
  private readonly flags: RegexFlags;

  constructor(pattern: string, options = '') {
    if (!/^[ims]*$/.test(options) || new Set(options).size !== options.length) {
      throw new RegexSyntaxError(`Unsupported regex options "${options}"; use i, m and s`);
    }
    this.flags = { ignoreCase: options.includes('i'), multiline: options.includes('m'), dotAll: options.includes('s') };
    this.program = compileRegex(parseRegex(pattern, this.flags));
  }

  test(text: string, budget?: StepBudget): boolean {
    const size = this.program.length;
    let current = new ThreadList(size);
    let next = new ThreadList(size);
    const stack = new Int32Array(2 * size + 2);
    for (let position = 0; position <= text.length; position += 1) {
      this.addThread(current, stack, 0, text, position);
      budget?.spend(current.count + 1);
      for (let i = 0; i < current.count; i += 1) if (this.program[current.pcs[i]].op === 'match') return true;
      if (position === text.length) break;
      const code = text.charCodeAt(position);
      next.clear();
      for (let i = 0; i < current.count; i += 1) {
        const pc = current.pcs[i];
        const instruction = this.program[pc];
        if (instruction.op === 'char' && instruction.test(code)) this.addThread(next, stack, pc + 1, text, position + 1);
      }
      [current, next] = [next, current];
    }
    return false;
  }

  /** Adds `pc` and everything reachable from it without consuming input (splits, jumps, assertions that hold). */
  private addThread(threads: ThreadList, stack: Int32Array, start: number, text: string, position: number): void {
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const pc = stack[--top];
      if (!threads.visit(pc)) continue;
      const instruction = this.program[pc];
      if (instruction.op === 'jump') {
        stack[top++] = instruction.to;
      } else if (instruction.op === 'split') {
        stack[top++] = instruction.second;
        stack[top++] = instruction.first;
      } else if (instruction.op === 'assert') {
        if (this.holds(instruction.at, text, position)) stack[top++] = pc + 1;
      } else {
        threads.add(pc);
      }
    }
  }

  private holds(at: 'start' | 'end' | 'word' | 'not_word', text: string, position: number): boolean {
    switch (at) {
      case 'start':
        return position === 0 || (this.flags.multiline && isLineBreak(text.charCodeAt(position - 1)));
      case 'end':
        return position === text.length || (this.flags.multiline && isLineBreak(text.charCodeAt(position)));
      default: {
        const before = position > 0 && isWordCode(text.charCodeAt(position - 1));
        const after = position < text.length && isWordCode(text.charCodeAt(position));
        return (before !== after) === (at === 'word');
      }
    }
  }
}

/** The threads at one input position: a sparse set of program counters, cleared in constant time. */
class ThreadList {
  readonly pcs: Int32Array;
  count = 0;
  private readonly visited: Uint32Array;
  private generation = 1;

  constructor(size: number) {
    this.pcs = new Int32Array(size);
    this.visited = new Uint32Array(size);
  }

  /** False when `pc` was already visited at this position. */
  visit(pc: number): boolean {
    if (this.visited[pc] === this.generation) return false;
    this.visited[pc] = this.generation;
    return true;
  }

  add(pc: number): void {
    this.pcs[this.count++] = pc;
  }

  clear(): void {
    this.count = 0;
    this.generation += 1;
  }
}

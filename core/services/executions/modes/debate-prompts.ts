import { cutText } from '../../agents/tool-reply';

/** What one speaker said; the transcript every later speaker and the judge read. */
export interface DebateEntry {
  round: number;
  speaker: string;
  text: string;
}

/** Longest part of one argument handed to later speakers and the judge: keeps the context bounded. */
const MAX_ENTRY_CHARS = 8000;

export interface ArgumentPromptInput {
  topic: string;
  round: number;
  rounds: number;
  speaker: string;
  side?: string;
  transcript: ReadonlyArray<DebateEntry>;
}

export function argumentPrompt({ topic, round, rounds, speaker, side, transcript }: ArgumentPromptInput): string {
  const stance = side === undefined ? '' : side === 'for' ? ', arguing in favour' : ', arguing against';
  return [
    `Debate question:\n${topic}`,
    `You are ${speaker}${stance}. This is round ${round} of ${rounds}.`,
    transcript.length === 0 ? 'You speak first.' : `The debate so far:\n${transcriptText(transcript)}`,
    'Give your argument for this round in a few short paragraphs: answer the strongest points made so far and add your own.',
  ].join('\n\n');
}

export function judgePrompt(topic: string, transcript: ReadonlyArray<DebateEntry>): string {
  return [
    'You are the judge of a debate.',
    `Debate question:\n${topic}`,
    `The debate:\n${transcriptText(transcript)}`,
    'Weigh the arguments of every side, say which were strongest and why, then give your final answer to the question.',
  ].join('\n\n');
}

function transcriptText(transcript: ReadonlyArray<DebateEntry>): string {
  return transcript.map((entry) => `Round ${entry.round}, ${entry.speaker}:\n${cutText(entry.text, MAX_ENTRY_CHARS)}`).join('\n\n');
}

import { readSentimentAnswer } from '../../../tools-builtin/sentiment/sentiment-answer';
import { scoreByLexicon } from '../../../tools-builtin/sentiment/sentiment-lexicon';

describe('readSentimentAnswer', () => {
  it('When the model answers the asked shape, Then it is taken as is and clean', () => {
    expect(readSentimentAnswer('{"sentiment": "negative", "score": -0.7, "confidence": 0.9}')).toEqual({
      sentiment: 'negative',
      score: -0.7,
      confidence: 0.9,
      clean: true,
    });
  });

  it('When the score contradicts the label, Then the label wins and the answer is not clean', () => {
    expect(readSentimentAnswer('{"sentiment": "negative", "score": 0.8, "confidence": 0.9}')).toMatchObject({
      sentiment: 'negative',
      score: -0.8,
      clean: false,
    });
  });

  it('When the label is a synonym under another key, Then it is normalised', () => {
    expect(readSentimentAnswer('```json\n{"label": "Very Positive", "score": "0.9"}\n```')).toMatchObject({
      sentiment: 'positive',
      score: 0.9,
      clean: false,
    });
    expect(readSentimentAnswer('{"polarity": "mixed"}')).toMatchObject({ sentiment: 'neutral', score: 0, clean: false });
  });

  it('When only a score is given, Then the label follows from it', () => {
    expect(readSentimentAnswer('{"score": -0.6}')).toMatchObject({ sentiment: 'negative', score: -0.6 });
    expect(readSentimentAnswer('{"score": 0.1}')).toMatchObject({ sentiment: 'neutral', score: 0.1 });
  });

  it('When only a label is given, Then a moderate score of its sign is filled in', () => {
    expect(readSentimentAnswer('{"sentiment": "positive"}')).toEqual({ sentiment: 'positive', score: 0.5, confidence: 0.75, clean: false });
  });

  it('When the model ignored JSON but said a label, Then the label is used', () => {
    expect(readSentimentAnswer('Negative.')).toMatchObject({ sentiment: 'negative', score: -0.5, clean: false });
  });

  it('When the reply carries no sentiment, Then there is no answer', () => {
    expect(readSentimentAnswer('{"model": "offline", "answer": "[offline model] You wrote 3 words"}')).toBeUndefined();
    expect(readSentimentAnswer('{"sentiment": "happy-ish", "score": 7}')).toBeUndefined();
    expect(readSentimentAnswer('I am not sure.')).toBeUndefined();
  });

  it('When the confidence is a percentage, Then it is scaled to [0, 1]', () => {
    expect(readSentimentAnswer('{"sentiment": "neutral", "score": 0, "confidence": "70"}')?.confidence).toBe(0.7);
  });
});

describe('scoreByLexicon', () => {
  it('When the text praises, Then the score is positive', () => {
    const result = scoreByLexicon('The support team was great and really helpful!');
    expect(result.score).toBeGreaterThan(0.5);
    expect(result.matches).toBe(2);
  });

  it('When the text complains, Then the score is negative', () => {
    expect(scoreByLexicon('Terrible service, the app crashed and I want a refund.').score).toBeLessThan(-0.5);
  });

  it("When a positive word is negated (including n't), Then it pulls the score down", () => {
    expect(scoreByLexicon("This isn't good at all").score).toBeLessThan(0);
    expect(scoreByLexicon('not helpful').score).toBeLessThan(0);
  });

  it('When an intensifier precedes a word, Then the score is stronger', () => {
    expect(scoreByLexicon('very good').score).toBeGreaterThan(scoreByLexicon('good').score);
  });

  it('When only emoticons carry the mood, Then they count', () => {
    expect(scoreByLexicon('see you tomorrow :)').score).toBeGreaterThan(0);
    expect(scoreByLexicon('missed the train 😢').score).toBeLessThan(0);
  });

  it('When nothing carries sentiment, Then the score is 0 with no matches', () => {
    expect(scoreByLexicon('The meeting is at 10 in room 4.')).toEqual({ score: 0, matches: 0 });
  });
});

// Answers of a pure search (where a badge or a text block goes), kept per video for the inputs
// they were found for: frames whose panels hold still ask the same question again and again.

/** The answer kept for `owner` and `key`, else the one `find` gives, kept from then on. */
export function keptAnswer<Owner extends object, Answer>(
  kept: WeakMap<Owner, Map<string, Answer>>,
  owner: Owner,
  key: string,
  find: () => Answer,
): Answer {
  let answers = kept.get(owner);
  if (!answers) {
    answers = new Map();
    kept.set(owner, answers);
  }
  if (answers.has(key)) return answers.get(key) as Answer;
  const answer = find();
  answers.set(key, answer);
  return answer;
}

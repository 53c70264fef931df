/** "1 credit", "5 credits": the one wording of a credit count across screens. */
export function formatCredits(count: number): string {
  return count === 1 ? '1 credit' : `${count} credits`;
}

import { isWellFormedId, type FeedbackRequest, type LandingStats } from '@glowreel/contracts';
import type { FeedbackRepository } from '../db/feedback.repository.ts';
import { AppError } from '../errors.ts';

/** Feedback on a video (SPEC §4, DESIGN.md D10) and the figures it feeds (D8). */
export class FeedbackService {
  constructor(
    private readonly feedback: FeedbackRepository,
    private readonly minCountToShow: number,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  /**
   * A member's feedback on a video of the clinic they act for, whoever of its members made it
   * (issue #21); the answer is the member's own.
   */
  async submit(
    member: { userId: string; clinicId: string },
    request: FeedbackRequest,
  ): Promise<void> {
    const { userId, clinicId } = member;
    // Another clinic's video, or a malformed id, answers as a missing one: ids must not be probed.
    const isClinics =
      isWellFormedId(request.videoId) &&
      (await this.feedback.isClinicVideo(clinicId, request.videoId));
    if (!isClinics) {
      throw new AppError('not_found', 'No video with this id exists in your account.');
    }
    await this.feedback.upsert({
      id: this.newId(),
      user_id: userId,
      video_id: request.videoId,
      rating: request.rating,
      category: request.rating === 'bad' ? (request.category ?? null) : null,
      text: request.text?.trim() || null,
      composite_image_hash: request.compositeImageHash ?? null,
      user_agent: request.userAgent ?? null,
      prompt: request.prompt ?? null,
      client_timestamp: request.timestamp ? new Date(request.timestamp) : null,
    });
  }

  /** DESIGN.md D8: nothing invented; a figure stays hidden (null) until it is worth showing. */
  async landingStats(): Promise<LandingStats> {
    const counts = await this.feedback.countLandingFigures();
    const shown = (value: number, basis = value) => (basis >= this.minCountToShow ? value : null);
    return {
      clinics: shown(counts.clinics),
      // "N videos rendered" is a claim about many clinics: one tester rendering ten videos
      // must not reach it. So the figure (every completed video) shows only once the
      // threshold of distinct clinics have each completed at least one video.
      videosCompleted: shown(counts.videosCompleted, counts.clinics),
      satisfactionPercent: shown(
        counts.answers === 0 ? 0 : Math.round((100 * counts.good) / counts.answers),
        counts.answers,
      ),
    };
  }
}

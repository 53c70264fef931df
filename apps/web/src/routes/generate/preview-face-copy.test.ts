import { describe, expect, it } from 'vitest';
import { GENERATE_TEXT } from './generate-copy.ts';
import {
  FACE_DETECTION_OFF_TEXT,
  describePreviewFaces,
  faceMotionNote,
  highlightNote,
} from './preview-face-copy.ts';

describe('face copy on /generate', () => {
  it('keeps the usual notes while the server setting is unknown or on', () => {
    for (const faceDetection of [null, true]) {
      expect(faceMotionNote(faceDetection)).toBe(GENERATE_TEXT.faceMotionNote);
      expect(highlightNote(faceDetection)).toBe(GENERATE_TEXT.handGestureNote);
    }
    expect(describePreviewFaces({ status: 'finding' }, [])).toBe('Finding faces…');
  });

  it('promises no face alignment or motion when the server has face detection off', () => {
    const notes = [
      faceMotionNote(false),
      highlightNote(false),
      describePreviewFaces({ status: 'off' }, []),
      FACE_DETECTION_OFF_TEXT.previewNote,
    ];
    for (const note of notes) {
      expect(note).not.toMatch(/shows the same motion|alongside the face motion|finds the faces/);
    }
    for (const note of [notes[0], notes[2], notes[3]]) {
      expect(note).toContain('Face detection is turned off on this Glowreel server');
    }
    // The render's warnings are not listed: the one plain line says it all.
    expect(describePreviewFaces({ status: 'off' }, ['Face motion skipped…'])).toBe(
      FACE_DETECTION_OFF_TEXT.status,
    );
  });
});

import {
  DEFAULT_BRAND_KIT,
  DEFAULT_VIDEO_OPTIONS,
  defaultVideoTitle,
  type BrandKit,
  type EngineId,
  type Profile,
} from '@glowreel/contracts';
import { DEFAULT_DISCLOSURE } from '@glowreel/engine';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { BRAND_QUERY_KEY, fetchBrand, fetchBrandLogoFile } from '../../lib/brand-api.ts';
import { ME_QUERY_KEY, useAuth } from '../../lib/auth-context.ts';
import { useLogo } from '../../lib/preview/use-logo.ts';
import { usePhotoAnalysis } from '../../lib/preview/use-photo-analysis.ts';
import { usePreviewFaces } from '../../lib/preview/use-preview-faces.ts';
import { usePhotoPair, type PairSide } from '../../lib/preview/use-photo-pair.ts';
import { useRenderFaceDetection } from '../../lib/render-settings-api.ts';
import {
  createVideo,
  type VideoBrandLook,
  type VideoFormOptions,
  type VideoPhotos,
  type VideoRecord,
  type VideoTextFields,
} from '../../lib/videos-api.ts';
import { BrandingFields } from './branding-fields.tsx';
import { EngineChoice } from './engine-choice.tsx';
import { GENERATE_TEXT } from './generate-copy.ts';
import { describeSubmitError, firstBlockingProblem } from './generate-rules.ts';
import { DEFAULT_CONSENT_DETAILS, type ConsentDetails } from './consent-details-fields.tsx';
import { GenerateButton } from './generate-button.tsx';
import { JobPanel } from './job-panel.tsx';
import { LivePreview } from './live-preview.tsx';
import { LogoField } from './logo-field.tsx';
import { PhotoDropZone } from './photo-drop-zone.tsx';
import { PhotoModeSwitch, type PhotoMode } from './photo-mode-switch.tsx';
import { PhotoPairFields } from './photo-pair-fields.tsx';
import { checkPhotoFile } from './photo-rules.ts';
import { useVideoJob } from '../../lib/use-video-job.ts';
import { ResumeNotice } from './resume-notice.tsx';
import { useResumedVideo } from './use-resumed-video.ts';
import { TemplatePicker } from './template-picker.tsx';
import { VideoOptionsFields } from './video-options-fields.tsx';

/**
 * /generate starts from the saved brand kit (issue #16 §5). The form waits the moment it takes
 * to load, so its fields start filled rather than changing under the clinic's cursor; if the
 * kit cannot be loaded the form starts from the defaults instead of blocking a video.
 */
export function VideoCreator({ profile }: { profile: Profile }) {
  const brand = useQuery({ queryKey: BRAND_QUERY_KEY, queryFn: fetchBrand, retry: false });
  if (brand.isPending) return <LoadingScreen />;
  return <VideoCreatorForm profile={profile} brand={brand.data ?? DEFAULT_BRAND_KIT} />;
}

/**
 * The /generate workflow: photo → options (live preview) → consent → render → result.
 * Below `lg` the steps stack in reading order; on wide screens the preview and the job
 * sit in a sticky column beside the form (the wrappers use `display: contents` below lg).
 */
function VideoCreatorForm({ profile, brand }: { profile: Profile; brand: BrandKit }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const photo = usePhotoAnalysis();
  const pair = usePhotoPair();
  const [photoMode, setPhotoMode] = useState<PhotoMode>('composite');
  const logo = useLogo();
  const prefillLogo = logo.prefill;
  useEffect(() => {
    if (!brand.hasLogo) return;
    let isCurrent = true;
    // A logo that cannot be fetched leaves the field empty; the clinic can still choose one.
    fetchBrandLogoFile().then(
      (file) => {
        if (isCurrent && file) prefillLogo(file);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
    // Once per visit: the kit's logo is the starting point, not a value kept in sync.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [brand.hasLogo]);
  const [look, setLook] = useState<VideoBrandLook>(() => ({
    accentColor: brand.accentColor,
    typeface: brand.typeface,
  }));
  const faceDetection = useRenderFaceDetection();
  const readyLogo = logo.state.status === 'ready' ? logo.state.image : null;
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [pairErrors, setPairErrors] = useState<Record<PairSide, string | null>>({
    before: null,
    after: null,
  });
  const [options, setOptions] = useState<VideoFormOptions>({
    ...DEFAULT_VIDEO_OPTIONS,
    autoAlign: true,
    treatedArea: null,
    template: null,
  });
  const [text, setText] = useState<VideoTextFields>(() => ({
    title: '',
    clinicName: brand.clinicName ?? profile.displayName ?? '',
    contact: brand.contact ?? '',
    treatmentTitle: '',
    disclosure: DEFAULT_DISCLOSURE,
  }));
  // Issue #20: the built-in engine unless the clinic picks the generative one (and its price).
  const [engine, setEngine] = useState<{ id: EngineId; credits: number }>({
    id: 'builtin',
    credits: 1,
  });
  const [hasConsent, setHasConsent] = useState(false);
  const [consentDetails, setConsentDetails] = useState<ConsentDetails>(DEFAULT_CONSENT_DETAILS);
  const [formError, setFormError] = useState<string | null>(null);
  const resumed = useResumedVideo();
  // A render started here; before that, the one picked up from the server (if any).
  const [startedVideo, setStartedVideo] = useState<VideoRecord | null>(null);
  const video = startedVideo ?? resumed.query.data ?? null;
  // The photo the current video was made from: the clinic may choose another meanwhile.
  const [videoImage, setVideoImage] = useState<File | null>(null);
  const job = useVideoJob(video);
  const jobRef = useRef<HTMLDivElement>(null);
  // The date is fixed when the page opens; the treatment follows what the clinic types.
  const [openedAt] = useState(() => new Date());
  const titlePlaceholder = defaultVideoTitle(openedAt, text.treatmentTitle);

  const refreshCredits = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    [queryClient],
  );
  const submit = useMutation({
    mutationFn: createVideo,
    onSuccess: (record, input) => {
      setStartedVideo(record);
      setVideoImage('image' in input.photos ? input.photos.image : input.photos.before);
      resumed.follow(record.id);
      // One credit is now reserved: the breakdown above should say so.
      refreshCredits();
      jobRef.current?.scrollIntoView({ block: 'nearest' });
    },
    onError: (error) => {
      setFormError(describeSubmitError(error));
      if (error instanceof ApiError && error.status === 402) refreshCredits();
    },
  });

  const fallbackClinicName = profile.displayName || 'Your Clinic';
  const plan = profile.subscription.plan;
  const settings = useMemo(
    () => ({ options, text, look, fallbackClinicName, plan }),
    [options, text, look, fallbackClinicName, plan],
  );

  const choosePhoto = (file: File) => {
    const problem = checkPhotoFile(file);
    setPhotoError(problem);
    // A refused file replaces the earlier choice too: "Chosen: <older photo>" beside the
    // refusal read as if the older photo were still the one the render would use.
    if (problem === null) photo.choose(file);
    else photo.clear();
  };

  const choosePairPhoto = (side: PairSide, file: File) => {
    const problem = checkPhotoFile(file);
    setPairErrors((old) => ({ ...old, [side]: problem }));
    if (problem === null) pair.choose(side, file);
    else pair.clear(side);
  };

  // What the render would be made from: the composite, or both photos of the pair.
  const chosenPhotos: VideoPhotos | null =
    photoMode === 'composite'
      ? photo.state.status === 'ready'
        ? { image: photo.state.file }
        : null
      : pair.before.status === 'ready' && pair.after.status === 'ready'
        ? { before: pair.before.file, after: pair.after.file }
        : null;
  const previewPhoto =
    photoMode === 'composite'
      ? photo.state.status === 'ready'
        ? photo.state.photo
        : null
      : pair.photo;
  // Found once per photo (or pair), for the live preview and the template thumbnails alike.
  const faces = usePreviewFaces(previewPhoto, faceDetection);
  const isReadingPhoto =
    photoMode === 'composite'
      ? photo.state.status === 'analyzing'
      : pair.before.status === 'reading' || pair.after.status === 'reading';

  const generate = () => {
    const problem = firstBlockingProblem({
      hasImage: chosenPhotos !== null,
      auth,
      hasConsent,
    });
    setFormError(problem);
    if (problem !== null || chosenPhotos === null) return;
    submit.mutate({
      photos: chosenPhotos,
      engine: engine.id,
      logo: logo.state.status === 'ready' ? logo.state.file : null,
      options,
      text,
      look,
      consent: hasConsent,
      consentDetails,
    });
  };

  const isJobRunning = job?.status === 'processing';
  const isBusy = submit.isPending || isJobRunning;
  const photoMessage =
    photoError ?? (photo.state.status === 'failed' ? GENERATE_TEXT.imageFailed : null);
  const modeSwitch = (
    <PhotoModeSwitch value={photoMode} onChange={setPhotoMode} isDisabled={isBusy} />
  );

  return (
    <div className="mt-10 flex flex-col gap-8 lg:grid lg:grid-cols-2 lg:items-start">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          generate();
        }}
        className="contents lg:flex lg:flex-col lg:gap-8"
      >
        <div className="order-1">
          {video !== null && video !== startedVideo && isJobRunning && (
            // On a phone the picked-up render's panel sits below the whole form.
            <p className="mb-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800 lg:hidden">
              Your render “{video.title}” is still running.{' '}
              <button
                type="button"
                onClick={() => jobRef.current?.scrollIntoView({ block: 'start' })}
                className="font-semibold underline underline-offset-2"
              >
                See its progress
              </button>
            </p>
          )}
          {photoMode === 'composite' ? (
            <PhotoDropZone
              state={photo.state}
              error={photoMessage}
              onChoose={choosePhoto}
              isDisabled={isBusy}
              modeSwitch={modeSwitch}
            />
          ) : (
            <PhotoPairFields
              pair={pair}
              errors={pairErrors}
              onChoose={choosePairPhoto}
              isDisabled={isBusy}
              modeSwitch={modeSwitch}
            />
          )}
        </div>
        <div className="order-3 space-y-8">
          <VideoOptionsFields value={options} onChange={setOptions} faceDetection={faceDetection}>
            <TemplatePicker
              settings={settings}
              photo={previewPhoto}
              logo={readyLogo}
              faces={faces}
              onChange={(template) => setOptions({ ...options, template })}
            />
          </VideoOptionsFields>
          <BrandingFields
            value={text}
            onChange={setText}
            look={look}
            onLookChange={setLook}
            defaultTitle={titlePlaceholder}
          >
            <LogoField
              state={logo.state}
              onChoose={logo.choose}
              onClear={logo.clear}
              isDisabled={isBusy}
            />
          </BrandingFields>
          <EngineChoice
            value={engine.id}
            onChange={(id, credits) => setEngine({ id, credits })}
            isDisabled={isBusy}
          />
          <GenerateButton
            hasConsent={hasConsent}
            onConsentChange={setHasConsent}
            consentDetails={consentDetails}
            onConsentDetailsChange={setConsentDetails}
            isBusy={isBusy}
            credits={profile.credits.total}
            price={engine.credits}
          />
          <FormAlert message={formError} />
        </div>
      </form>
      <div className="contents lg:sticky lg:top-20 lg:flex lg:flex-col lg:gap-6">
        <div className="order-2">
          <LivePreview
            photo={previewPhoto}
            isAnalyzing={isReadingPhoto}
            settings={settings}
            logo={readyLogo}
            faces={faces}
          />
        </div>
        <div ref={jobRef} className="order-4 scroll-mt-24 empty:hidden">
          {video && job ? (
            <JobPanel
              key={video.id}
              job={job}
              video={video}
              // A picked-up render's photo stayed on the page that started it.
              image={video === startedVideo ? videoImage : null}
              onRetry={generate}
              isRetrying={isBusy}
            />
          ) : (
            <ResumeNotice query={resumed.query} isLinked={resumed.linkedId !== null} />
          )}
        </div>
      </div>
    </div>
  );
}

import { primaryButtonClass } from '../../components/form-styles.ts';
import { formatCredits } from '../../lib/credits.ts';
import { ConsentDetailsFields, type ConsentDetails } from './consent-details-fields.tsx';
import { GENERATE_TEXT } from './generate-copy.ts';

interface GenerateButtonProps {
  hasConsent: boolean;
  onConsentChange: (value: boolean) => void;
  consentDetails: ConsentDetails;
  onConsentDetailsChange: (value: ConsentDetails) => void;
  isBusy: boolean;
  credits: number;
  /** What the chosen engine costs (issue #20): 1 for the built-in one. */
  price: number;
}

/**
 * Step 4: the consent attestation (DESIGN.md §1, compliant by default) with what is recorded
 * beside it (issue #18 §1), and the action.
 */
export function GenerateButton({
  hasConsent,
  onConsentChange,
  consentDetails,
  onConsentDetailsChange,
  isBusy,
  credits,
  price,
}: GenerateButtonProps) {
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <h2 className="text-lg font-semibold text-slate-900">4. Confirm and render</h2>
      <div className="flex items-start gap-3">
        <input
          id="consent"
          type="checkbox"
          required
          checked={hasConsent}
          onChange={(event) => onConsentChange(event.target.checked)}
          className="mt-1 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
        />
        <label htmlFor="consent" className="text-sm font-medium text-slate-800">
          {GENERATE_TEXT.consent}
        </label>
      </div>
      <ConsentDetailsFields
        value={consentDetails}
        onChange={onConsentDetailsChange}
        isDisabled={isBusy}
      />
      {/* Enabled until a render starts: a click on a form that is not ready explains what is
          missing (SPEC §5 messages) instead of a silent grey button. */}
      <button type="submit" disabled={isBusy} className={primaryButtonClass}>
        {isBusy ? 'Generating...' : 'Generate Video'}
      </button>
      <p className="text-center text-xs text-slate-500">
        Uses {formatCredits(price)}, only if the {price === 1 ? 'render' : 'generation'} succeeds.
        You have {formatCredits(credits)}.
      </p>
    </div>
  );
}

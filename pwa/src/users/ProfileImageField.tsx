import { useEffect, useId, useState } from 'react';

/** Part 2 §5: the user's profile image may be png or jpeg only (jpg is image/jpeg). */
const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/**
 * Picks the profile image and previews the chosen file. The saved image is only mentioned, not shown: it is
 * served behind the bearer token, which a plain <img> cannot send.
 */
export function ProfileImageField({
  file,
  currentName,
  onChange,
}: {
  file: File | null;
  currentName: string | null;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  // The object URL is released when the file changes or the form closes, so previews do not leak memory.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className="field">
      <label htmlFor={id}>Profile Image</label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          if (chosen && !IMAGE_TYPES.includes(chosen.type)) {
            setError('Only png and jpeg images are allowed.');
            e.target.value = '';
            onChange(null);
            return;
          }
          setError(null);
          onChange(chosen);
        }}
      />
      {error ? (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      ) : (
        <div className="field-hint" id={`${id}-hint`}>
          {currentName && !file ? 'A profile image is saved; choosing a file replaces it. ' : ''}PNG or JPEG.
        </div>
      )}
      {preview && (
        <img
          src={preview}
          alt="Preview of the chosen profile image"
          style={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 8 }}
        />
      )}
    </div>
  );
}

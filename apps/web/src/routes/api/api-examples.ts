// The SPEC §7 examples, with the values it gives (rate-limit headers 50 / 47 / 1642252800).
export const GENERATE_REQUEST = `curl -X POST https://YOUR-GLOWREEL-ADDRESS/api/v1/generate \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -F before_image=@before.jpg \\
  -F after_image=@after.jpg \\
  -F 'options={"animation":"animate_before_head_turn","effect":"none","speed":"normal"}' \\
  -F webhook_url=https://your-clinic.example/hooks/glowreel`;

export const GENERATE_RESPONSE = `{
  "id": "vid_8f3a2c",
  "status": "processing",
  "created_at": "2024-01-15T10:30:00Z",
  "estimated_completion": "2024-01-15T10:30:10Z"
}`;

export const VIDEO_RESPONSE = `{
  "id": "vid_8f3a2c",
  "status": "completed",
  "progress": 100,
  "download_url": "https://YOUR-GLOWREEL-ADDRESS/api/v1/videos/vid_8f3a2c/download",
  "thumbnail_url": "https://YOUR-GLOWREEL-ADDRESS/api/v1/videos/vid_8f3a2c/thumbnail",
  "duration": 8,
  "file_size": 1843200,
  "created_at": "2024-01-15T10:30:00Z",
  "completed_at": "2024-01-15T10:30:06Z"
}`;

export const WEBHOOK_EXAMPLE = `POST https://your-clinic.example/hooks/glowreel
X-Glowreel-Signature: t=1705314606,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd

{
  "event": "video.completed",
  "data": {
    "id": "vid_8f3a2c",
    "status": "completed",
    "download_url": "https://YOUR-GLOWREEL-ADDRESS/api/v1/videos/vid_8f3a2c/download"
  }
}`;

export const ERROR_EXAMPLE = `{
  "error": {
    "code": "invalid_image_format",
    "message": "before_image is a HEIC photo, which is not supported. Export it as JPEG.",
    "details": { "field": "before_image" }
  }
}`;

export const RATE_LIMIT_HEADERS = `X-RateLimit-Limit: 50
X-RateLimit-Remaining: 47
X-RateLimit-Reset: 1642252800`;

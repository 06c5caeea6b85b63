import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { VIDEO_WIFI_MESSAGES } from '@couchdb/model/media-checks';
import { connectionKind, setVideoWifiOnly, videoWifiOnly } from '@client/data/media/video-network';

/**
 * 只在 Wi-Fi 下上传视频, this device's setting; `onChange` tells whoever uploads (the outbox) that
 * a held-back video may go now. Where the browser cannot tell Wi-Fi from a mobile network, the
 * switch says that videos upload as usual.
 */
export function VideoWifiSwitch({ onChange }: { onChange?: () => void }) {
  const [on, setOn] = useState(videoWifiOnly);
  const known = connectionKind() !== 'unknown';
  return (
    <div data-testid="video-wifi-setting">
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(_e, value) => {
              setVideoWifiOnly(value);
              setOn(value);
              onChange?.();
            }}
          />
        }
        label={VIDEO_WIFI_MESSAGES.label}
      />
      <FormHelperText sx={{ mt: 0 }}>
        {known ? VIDEO_WIFI_MESSAGES.hint : VIDEO_WIFI_MESSAGES.unknown}
      </FormHelperText>
    </div>
  );
}

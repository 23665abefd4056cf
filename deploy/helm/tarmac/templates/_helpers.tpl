{{/*
Named templates of the Tarmac chart.

Conventions (services/stack/src/deploy-chart.test.ts relies on them):
- Chart-wide templates take the root context ($).
- Per-service templates take a dict: root ($), name (the key in .Values.services) and svc (that
  entry). They start with `$root := .root` and `$svc := .svc`, and read values only as
  `$root.Values.<path>` and `$svc.<path>` (checked against every entry of services).
- Template files range as `range $name, $svc := .Values.services` and build that dict as $ctx.
*/}}

{{/* The chart name, for the app.kubernetes.io/name label. */}}
{{- define "tarmac.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* The release-and-chart prefix of every resource name. */}}
{{- define "tarmac.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* chart-version, for the helm.sh/chart label. */}}
{{- define "tarmac.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels of the chart-wide resources (the Ingress). */}}
{{- define "tarmac.commonLabels" -}}
helm.sh/chart: {{ include "tarmac.chart" . }}
app.kubernetes.io/name: {{ include "tarmac.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/part-of: tarmac
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* A service's resource name: <fullname>-<service>, also its DNS name. Takes root and name. */}}
{{- define "tarmac.componentName" -}}
{{- printf "%s-%s" (include "tarmac.fullname" .root) .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* A service's selector labels. Takes root and name. */}}
{{- define "tarmac.selectorLabels" -}}
app.kubernetes.io/name: {{ include "tarmac.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/* A service's labels. */}}
{{- define "tarmac.labels" -}}
{{- $root := .root -}}
helm.sh/chart: {{ include "tarmac.chart" $root }}
{{ include "tarmac.selectorLabels" . }}
app.kubernetes.io/version: {{ $root.Chart.AppVersion | quote }}
app.kubernetes.io/part-of: tarmac
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
{{- end }}

{{/* A service's image: <repository>:<tag>. */}}
{{- define "tarmac.image" -}}
{{- $root := .root -}}
{{- $svc := .svc -}}
{{- $repository := $svc.image.repository -}}
{{- if not $repository -}}
{{- $repository = printf "%s-%s" (required "image.repository is required: each service's image is <image.repository>-<service>" $root.Values.image.repository) .name -}}
{{- end -}}
{{- $tag := $svc.image.tag | default $root.Values.image.tag | default $root.Chart.AppVersion -}}
{{- printf "%s:%s" $repository (toString $tag) -}}
{{- end }}

{{/* A service's ServiceAccount name. */}}
{{- define "tarmac.serviceAccountName" -}}
{{- $root := .root -}}
{{- if $root.Values.serviceAccount.create -}}
{{- include "tarmac.componentName" . -}}
{{- else -}}
{{- $root.Values.serviceAccount.name | default "default" -}}
{{- end -}}
{{- end }}

{{/* Whether a service is a gRPC service ("true" or ""): it has ports.grpc. */}}
{{- define "tarmac.isGrpc" -}}
{{- $svc := .svc -}}
{{- if $svc.ports.grpc }}true{{ end -}}
{{- end }}

{{/* The port name Prometheus scrapes: metrics (gRPC services) or http (the gateway); "" for none. */}}
{{- define "tarmac.metricsPortName" -}}
{{- $root := .root -}}
{{- $svc := .svc -}}
{{- if $root.Values.metrics.enabled -}}
{{- if $svc.ports.metrics }}metrics{{ else if $svc.ports.http }}http{{ end -}}
{{- end -}}
{{- end }}

{{/* The port number Prometheus scrapes, "" for none. */}}
{{- define "tarmac.metricsPort" -}}
{{- $svc := .svc -}}
{{- $portName := include "tarmac.metricsPortName" . -}}
{{- if eq $portName "metrics" }}{{ int $svc.ports.metrics }}{{ else if eq $portName "http" }}{{ int $svc.ports.http }}{{ end -}}
{{- end }}

{{/*
The in-cluster URL of a peer: http://<fullname>-<peer>[-peers].<namespace>.svc.<clusterDomain>:<its
gRPC port>, the headless -peers Service with peerBalancing "client". Takes root, name (the caller) and peer.
*/}}
{{- define "tarmac.peerUrl" -}}
{{- $root := .root -}}
{{- if not (hasKey $root.Values.services .peer) -}}
{{- fail (printf "services.%s.peers: %q is not an entry of services" .name .peer) -}}
{{- end -}}
{{- $peerValues := index $root.Values.services .peer -}}
{{- if not $peerValues.enabled -}}
{{- required (printf "services.%s is disabled but services.%s.peers names it: set services.%s.externalUrl (a service serving its contract elsewhere)" .peer .name .peer) $peerValues.externalUrl -}}
{{- else -}}
{{- $port := required (printf "services.%s.ports.grpc is required: services.%s.peers names it" .peer .name) $peerValues.ports.grpc -}}
{{- $suffix := ternary "-peers" "" (eq $root.Values.peerBalancing "client") -}}
{{- printf "http://%s%s.%s.svc.%s:%d" (include "tarmac.componentName" (dict "root" $root "name" .peer)) $suffix $root.Release.Namespace $root.Values.clusterDomain (int $port) -}}
{{- end -}}
{{- end }}

{{/* NATS_STREAM_REPLICAS: events.replicas, or when 0, 3 with this release's clustered NATS (and no events.natsUrl), else 1. */}}
{{- define "tarmac.streamReplicas" -}}
{{- if .Values.events.replicas -}}
{{- int .Values.events.replicas -}}
{{- else if and .Values.nats.enabled .Values.nats.config.cluster.enabled (not .Values.events.natsUrl) -}}
3
{{- else -}}
1
{{- end -}}
{{- end }}

{{/* NATS_URL: events.natsUrl, else this release's NATS (templates/nats.yaml) when nats.enabled, else "" (in-process events). */}}
{{- define "tarmac.natsUrl" -}}
{{- if .Values.events.natsUrl -}}
{{- .Values.events.natsUrl -}}
{{- else if .Values.nats.enabled -}}
{{- printf "nats://%s.%s.svc.%s:%d" (include "tarmac.componentName" (dict "root" . "name" "nats")) .Release.Namespace .Values.clusterDomain (int .Values.nats.config.nats.port) -}}
{{- end -}}
{{- end }}

{{/*
The NATS server configuration (templates/nats.yaml). Takes root, natsName, headless (the headless
Service) and replicas. server_name comes from the pod name ($SERVER_NAME); with more than one
server, each routes to all of them (a route to itself is ignored).
*/}}
{{- define "tarmac.natsConfig" -}}
{{- $root := .root -}}
{{- $config := $root.Values.nats.config -}}
server_name: $SERVER_NAME
port: {{ int $config.nats.port }}
http_port: {{ int $config.monitor.port }}
jetstream {
  store_dir: /data
}
{{- if gt (int .replicas) 1 }}
cluster {
  name: {{ .natsName }}
  port: {{ int $config.cluster.port }}
  routes: [
    {{- range $i := until (int .replicas) }}
    nats://{{ $.natsName }}-{{ $i }}.{{ $.headless }}.{{ $root.Release.Namespace }}.svc.{{ $root.Values.clusterDomain }}:{{ int $config.cluster.port }}
    {{- end }}
  ]
}
{{- end }}
{{- end }}

{{/*
The callers of a service, as a JSON list: every enabled service whose peers name it, and "admin"
when the admin Job is enabled and adminJob.peers names it. Its NetworkPolicy lets them in.
*/}}
{{- define "tarmac.callers" -}}
{{- $root := .root -}}
{{- $callers := list -}}
{{- range $callerName, $caller := $root.Values.services -}}
{{- if and $caller.enabled (has $.name ($caller.peers | default list)) -}}
{{- $callers = append $callers $callerName -}}
{{- end -}}
{{- end -}}
{{- if and $root.Values.adminJob.enabled (has .name ($root.Values.adminJob.peers | default list)) -}}
{{- $callers = append $callers "admin" -}}
{{- end -}}
{{- toJson $callers -}}
{{- end }}

{{/* The admin Job's name: <fullname>-admin-r<revision>, a new Job per release revision (a Job's pod template cannot change). */}}
{{- define "tarmac.adminJobName" -}}
{{- printf "%s-r%d" (include "tarmac.componentName" (dict "root" . "name" "admin")) (int .Release.Revision) | trunc 63 | trimSuffix "-" -}}
{{- end }}

{{/*
CALLER_GRANTS from services.<name>.callerGrants (caller: [method, ...]): "reports=GetBooking,ListBookings;ops-bot=TopUp",
callers in name order; "" when there are none.
*/}}
{{- define "tarmac.callerGrants" -}}
{{- $svc := .svc -}}
{{- $grants := list -}}
{{- range $caller, $methods := ($svc.callerGrants | default dict) -}}
{{- if not $methods -}}
{{- fail (printf "services.%s.callerGrants.%s: list at least one RPC method" $.name $caller) -}}
{{- end -}}
{{- $grants = append $grants (printf "%s=%s" $caller (join "," $methods)) -}}
{{- end -}}
{{- join ";" $grants -}}
{{- end }}

{{/*
SERVICE_CREDENTIAL of a workload ("<caller>:<kid>:<base64url PKCS8 Ed25519 private key>"): key
<name> of Secret callerAuth.existingSecret, as an env entry. Takes root and name; nothing when
callerAuth.enabled is false.
*/}}
{{- define "tarmac.serviceCredentialEnv" -}}
{{- $root := .root -}}
{{- if $root.Values.callerAuth.enabled }}
- name: SERVICE_CREDENTIAL
  valueFrom:
    secretKeyRef:
      name: {{ required "callerAuth.existingSecret is required with callerAuth.enabled: a Secret with one key per workload (see the chart README)" $root.Values.callerAuth.existingSecret | quote }}
      key: {{ .name | quote }}
{{- end }}
{{- end }}

{{/* An environment value as text: whole numbers without exponent, everything else as is. */}}
{{- define "tarmac.envValue" -}}
{{- if and (kindIs "float64" .) (eq . (float64 (int64 .))) -}}
{{- int64 . -}}
{{- else -}}
{{- toString . -}}
{{- end -}}
{{- end }}

{{/*
A service's plain environment, as the data of its ConfigMap (sorted, every value a string): the
release-wide variables, its own listen address and ports, its peers, NATS when it publishes events,
the trusted callers' public keys and its callerGrants (callerAuth.enabled), then services.<name>.env
(which wins; empty values are left out).
*/}}
{{- define "tarmac.configData" -}}
{{- $root := .root -}}
{{- $svc := .svc -}}
{{- $data := dict "TARMAC_ENV" (toString $root.Values.environment) "LOG_LEVEL" (toString $root.Values.logLevel) "MONGODB_DB" (toString $root.Values.mongodb.database) -}}
{{- $_ := set $data "TARMAC_PEER_BALANCING" (ternary "round-robin" "off" (eq $root.Values.peerBalancing "client")) -}}
{{- if include "tarmac.isGrpc" . -}}
{{- $prefix := .name | upper | replace "-" "_" -}}
{{- $_ := set $data (printf "%s_HOST" $prefix) (toString $root.Values.listenHost) -}}
{{- $_ := set $data (printf "%s_PORT" $prefix) (include "tarmac.envValue" $svc.ports.grpc) -}}
{{- $_ := set $data "DRAIN_DELAY_MS" (toString (mul (int $root.Values.shutdown.drainDelaySeconds) 1000)) -}}
{{- if eq (include "tarmac.metricsPortName" .) "metrics" -}}
{{- $_ := set $data "METRICS_PORT" (include "tarmac.envValue" $svc.ports.metrics) -}}
{{- end -}}
{{- else -}}
{{- $_ := set $data "HOST" (toString $root.Values.listenHost) -}}
{{- $_ := set $data "PORT" (include "tarmac.envValue" (required (printf "services.%s needs ports.grpc or ports.http" .name) $svc.ports.http)) -}}
{{- end -}}
{{- range $peer := $svc.peers -}}
{{- $_ := set $data (printf "%s_URL" ($peer | upper | replace "-" "_")) (include "tarmac.peerUrl" (dict "root" $root "name" $.name "peer" $peer)) -}}
{{- end -}}
{{- if $svc.events -}}
{{- $natsUrl := include "tarmac.natsUrl" $root -}}
{{- if $natsUrl -}}
{{- $_ := set $data "NATS_URL" $natsUrl -}}
{{- end -}}
{{- $_ := set $data "NATS_STREAM" (toString $root.Values.events.stream) -}}
{{- $_ := set $data "NATS_SUBJECT_PREFIX" (toString $root.Values.events.subjectPrefix) -}}
{{- $_ := set $data "NATS_STREAM_REPLICAS" (include "tarmac.streamReplicas" $root) -}}
{{- $_ := set $data "NATS_STREAM_MAX_AGE_SECONDS" (include "tarmac.envValue" $root.Values.events.maxAgeSeconds) -}}
{{- $_ := set $data "NATS_STREAM_MAX_BYTES" (include "tarmac.envValue" $root.Values.events.maxBytes) -}}
{{- $_ := set $data "NATS_DUPLICATE_WINDOW_SECONDS" (include "tarmac.envValue" $root.Values.events.duplicateWindowSeconds) -}}
{{- end -}}
{{- if $root.Values.callerAuth.enabled -}}
{{- $_ := set $data "TRUSTED_CALLERS" (join "," ($root.Values.callerAuth.trustedCallers | default list)) -}}
{{- with include "tarmac.callerGrants" . -}}
{{- $_ := set $data "CALLER_GRANTS" . -}}
{{- end -}}
{{- end -}}
{{- range $key, $value := $svc.env -}}
{{- if not (or (kindIs "invalid" $value) (eq (toString $value) "")) -}}
{{- $_ := set $data $key (include "tarmac.envValue" $value) -}}
{{- end -}}
{{- end -}}
{{- toYaml $data -}}
{{- end }}

{{/* A service's autoscaling settings: the global ones with services.<name>.autoscaling over them; never for a singleton. */}}
{{- define "tarmac.autoscaling" -}}
{{- if .svc.singleton -}}
enabled: false
{{- else -}}
{{- $root := .root -}}
{{- $svc := .svc -}}
{{- mergeOverwrite (deepCopy $root.Values.autoscaling) (deepCopy ($svc.autoscaling | default dict)) | toYaml -}}
{{- end -}}
{{- end }}

{{/* A service's disruption budget settings: the global ones with services.<name>.pdb over them. */}}
{{- define "tarmac.pdb" -}}
{{- $root := .root -}}
{{- $svc := .svc -}}
{{- mergeOverwrite (deepCopy $root.Values.pdb) (deepCopy ($svc.pdb | default dict)) | toYaml -}}
{{- end }}

{{/*
One probe of a service. Takes root, name, svc and probe (startup, readiness or liveness). The
probe's type picks the handler: grpc (grpc.health.v1 on the gRPC port; optional service), tcp (a
connection to the gRPC or HTTP port) or http (GET path on the HTTP port); its other keys are the
probe's timing fields.
*/}}
{{- define "tarmac.probe" -}}
{{- $svc := .svc -}}
{{- $probe := required (printf "services.%s.probes.%s is required" .name .probe) (index $svc.probes .probe) -}}
{{- $type := $probe.type | default "tcp" -}}
{{- if eq $type "grpc" }}
grpc:
  port: {{ int (required (printf "services.%s.probes.%s: a grpc probe needs ports.grpc" .name .probe) $svc.ports.grpc) }}
  {{- with $probe.service }}
  service: {{ . | quote }}
  {{- end }}
{{- else if eq $type "http" }}
httpGet:
  path: {{ required (printf "services.%s.probes.%s: an http probe needs a path" .name .probe) $probe.path | quote }}
  port: http
{{- else if eq $type "tcp" }}
tcpSocket:
  port: {{ ternary "grpc" "http" (not (empty $svc.ports.grpc)) }}
{{- else }}
{{- fail (printf "services.%s.probes.%s.type must be grpc, http or tcp, not %q" .name .probe $type) }}
{{- end }}
{{- with omit $probe "type" "path" "service" }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* prometheus.io scrape annotations of a service's pods (nothing when off). */}}
{{- define "tarmac.scrapeAnnotations" -}}
{{- $root := .root -}}
{{- $port := include "tarmac.metricsPort" . -}}
{{- if and $root.Values.metrics.podAnnotations $port }}
prometheus.io/scrape: "true"
prometheus.io/port: {{ $port | quote }}
prometheus.io/path: {{ $root.Values.metrics.path | quote }}
{{- end }}
{{- end }}
